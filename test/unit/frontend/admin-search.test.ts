import { describe, expect, it } from 'vitest';
import { matchesImageQuery } from '../../../frontend/src/features/admin/search';

describe('Admin Gallery search', () => {
  const image = { id: '3f2a9c1e-7b4d-4e0a-9c1f-2b6d8e4a1c33', prompt: 'A Red fox in the snowy forest' };

  it('finds an image by (the start of) its id, case-insensitively', () => {
    expect(matchesImageQuery(image, '3F2A9C1E')).toBe(true);
    expect(matchesImageQuery(image, image.id)).toBe(true);
    expect(matchesImageQuery(image, '7b4d')).toBe(false);
  });

  it('finds an image by the words of its prompt, in any order', () => {
    expect(matchesImageQuery(image, '  fox red ')).toBe(true);
    expect(matchesImageQuery(image, 'snow')).toBe(true);
    expect(matchesImageQuery(image, 'fox desert')).toBe(false);
  });

  it('matches everything while the box is empty', () => {
    expect(matchesImageQuery(image, '   ')).toBe(true);
  });
});

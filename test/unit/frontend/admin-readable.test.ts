import { describe, expect, it } from 'vitest';
import { changes, fieldLabel, fieldValue } from '../../../frontend/src/features/admin/readable';

describe("the console's readable fields", () => {
  it('turns stored keys and identifier values into words, and leaves free text alone', () => {
    expect(fieldLabel('feedbackType')).toBe('Feedback type');
    expect(fieldLabel('issueUrl')).toBe('Issue URL');
    expect(fieldLabel('imageId')).toBe('Picture ID');
    expect(fieldValue('bug_report')).toBe('Bug report');
    expect(fieldValue('spam', 'reason')).toBe('Spam or advertising');
    expect(fieldValue('Sells shoes_now please')).toBe('Sells shoes_now please');
    expect(fieldValue('a@b.co')).toBe('a@b.co');
    expect(fieldValue(true)).toBe('Yes');
  });

  it('shows an audit entry as the fields that changed', () => {
    expect(changes({ hidden: false, featured: true }, { hidden: true, featured: true })).toEqual([
      { label: 'Hidden', before: 'No', after: 'Yes' },
    ]);
    expect(changes(undefined, { navigateUrl: 'https://x.example' })).toEqual([
      { label: 'Navigate URL', before: '—', after: 'https://x.example' },
    ]);
    expect(changes(undefined, undefined)).toEqual([]);
  });
});

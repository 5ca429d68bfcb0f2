import { describe, expect, it } from 'vitest';
import { toClientImage } from '../../../shared/client-image';
import type { GalleryImage } from '../../../shared/schemas/gallery';
import { filesHostFromApiBase, resolveImageUrl, resolveThumbnailUrl } from '../../../shared/url-rule';
import { itAnswers } from '../../support/answers';

describe('url rule (spec section 3)', () => {
  itAnswers('files host of %s is %j', filesHostFromApiBase, [
    ['https://artloom.example/api', 'https://artloom.example'],
    ['https://artloom.example/api/', 'https://artloom.example'],
    ['/api', ''],
    ['http://localhost:3000/api', 'http://localhost:3000'],
    ['https://x.example/v1', 'https://x.example/v1'],
  ]);

  itAnswers('resolves %j against %j to %j', resolveImageUrl, [
    ['/files/images/a.png', 'https://h.example', 'https://h.example/files/images/a.png'],
    ['files/images/a.png', 'https://h.example', 'https://h.example/files/images/a.png'],
    ['/files/images/a.png', 'https://h.example/', 'https://h.example/files/images/a.png'],
    ['/files/images/a.png', '', '/files/images/a.png'],
    ['https://cdn.example/a.png', 'https://h.example', 'https://cdn.example/a.png'],
    ['HTTP://cdn.example/a.png', 'https://h.example', 'HTTP://cdn.example/a.png'],
    ['', 'https://h.example', ''],
    [undefined, 'https://h.example', ''],
    [null, 'https://h.example', ''],
  ]);

  it('falls back to the full url when the thumbnail is missing', () => {
    expect(resolveThumbnailUrl('', '/files/images/a.png', 'https://h.example')).toBe('https://h.example/files/images/a.png');
    expect(resolveThumbnailUrl(undefined, '', 'https://h.example')).toBe('');
    expect(resolveThumbnailUrl('/files/thumbs/a.webp', '/files/images/a.png', '')).toBe('/files/thumbs/a.webp');
  });

  it('maps a server image to the client form', () => {
    const image: GalleryImage = {
      id: 'abc',
      fileName: 'abc.png',
      prompt: 'A quiet lake at dawn',
      createdAt: '2026-11-23T10:00:00.000Z',
      url: '/files/images/abc.png',
      thumbnailUrl: '',
      aspectRatio: '4:3',
      modelName: 'flux_schnell',
      width: 1024,
      height: 768,
      seed: 7,
    };
    expect(toClientImage(image, 'https://h.example')).toEqual({
      id: 'abc',
      filename: 'abc.png',
      prompt: 'A quiet lake at dawn',
      timestamp: Date.parse('2026-11-23T10:00:00.000Z'),
      url: 'https://h.example/files/images/abc.png',
      thumbnailUrl: 'https://h.example/files/images/abc.png',
      aspectRatio: '4:3',
      modelName: 'flux_schnell',
      category: undefined,
      width: 1024,
      height: 768,
      seed: 7,
    });
  });
});

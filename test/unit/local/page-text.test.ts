import { describe, expect, it } from 'vitest';
import { withPreviewRenderer } from '../../../local/page-text';

const PAGE = [
  '<title>Artloom — AI image generator</title>',
  '<meta name="description" content="Type a prompt and get a picture painted by FLUX.1-schnell." />',
  '<meta property="og:description" content="Type a prompt and get a picture painted by FLUX.1-schnell." />',
  '<meta property="og:title" content="FLUX.1-schnell pictures" />',
  '<p>FLUX.1-schnell paints it on our GPUs.</p>',
].join('\n');

describe('the local pages name the preview renderer (issue 32, honest everywhere)', () => {
  it('rewrites the description and the link-preview description, and nothing else', () => {
    const out = withPreviewRenderer(PAGE);
    expect(out).toContain(
      '<meta name="description" content="Type a prompt and get a picture painted by the local preview renderer (no GPU, no AI model)." />',
    );
    expect(out).toContain(
      '<meta property="og:description" content="Type a prompt and get a picture painted by the local preview renderer (no GPU, no AI model)." />',
    );
    expect(out).toContain('<meta property="og:title" content="FLUX.1-schnell pictures" />');
    expect(out).toContain('<p>FLUX.1-schnell paints it on our GPUs.</p>');
  });

  it('leaves a page without the model name as it is', () => {
    const page = '<meta name="description" content="Terms of use." />';
    expect(withPreviewRenderer(page)).toBe(page);
  });
});

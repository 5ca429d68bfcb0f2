import { drawnBy } from '../shared/constants';

/**
 * The local runtime's pages, honest about what draws (issue 32, "honest everywhere"): the built pages describe the
 * deployed site (FLUX.1-schnell on a GPU, in AWS). Served by `npm start` with the preview renderer (no COMFYUI_URL),
 * their description and link-preview description name the preview renderer instead. Local only: nothing here is
 * deployed, and the built files are not changed.
 */
const DESCRIPTION = /(<meta (?:name="description"|property="og:description") content=")([^"]*)"/g;
const LOCAL_RENDERER = 'the local preview renderer (no GPU, no AI model)';

export function withPreviewRenderer(html: string): string {
  return html.replace(
    DESCRIPTION,
    (_m, head: string, content: string) => `${head}${content.replaceAll(drawnBy({ renderer: 'comfyui' }), LOCAL_RENDERER)}"`,
  );
}

import { describe, expect, it } from 'vitest';
import { allowConsoleErrors, e2eForFile } from './support';

const e2e = e2eForFile();

describe('A page for one picture', () => {
  it('generate → Share → the page opens in another browser, previews without JavaScript, and “Use this prompt” fills the studio', async () => {
    // Prepare: a picture of one's own.
    const author = await e2e.newPage();
    const requests: string[] = [];
    author.page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await author.page.goto('/');
    const prompt = 'A glass teapot with a tiny storm inside';
    await author.page.getByLabel('Prompt').fill(prompt);
    await author.page.getByRole('button', { name: 'Generate Image' }).click();
    const viewer = author.page.getByRole('dialog', { name: 'Image viewer' });
    await viewer.getByRole('img', { name: prompt }).waitFor({ timeout: 60_000 });

    // The studio followed the job by push (server-sent events), not by polling its status.
    const jobRequests = requests.filter(
      (path) => path.startsWith('/api/generate/') && path !== '/api/generate/quota' && path !== '/api/generate/warm',
    );
    expect(jobRequests.filter((path) => path.endsWith('/events'))).toHaveLength(1);
    expect(jobRequests.filter((path) => !path.endsWith('/events'))).toEqual([]);

    // Private until shared: its page is 'not found' for anyone, and its HTML answers 404.
    const id = await viewer
      .getByRole('img', { name: prompt })
      .evaluate((img) => /images\/([^/.]+)\.png/.exec((img as HTMLImageElement).src)?.[1] ?? '');
    expect(id).not.toBe('');
    expect((await fetch(`${e2e.app.url}/i/${id}`)).status).toBe(404);

    // Act: Share.
    await viewer.getByRole('button', { name: 'Share' }).click();
    const link = await viewer.getByLabel('Link to this picture').inputValue();
    expect(link).toBe(`${e2e.app.url.replace(/\/$/, '')}/i/${id}`);

    // A link preview fetches the HTML without running JavaScript: the tags are there.
    const html = await (await fetch(link, { headers: { 'user-agent': 'Twitterbot/1.0' } })).text();
    expect(html).toContain(`<meta property="og:image" content="${e2e.app.url.replace(/\/$/, '')}/files/images/${id}.png" />`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(html).toContain(`<meta property="og:title" content="${prompt} — Artloom" />`);
    // Drawn locally by the preview renderer, and named as such (issue 24, item 2).
    expect(html).toContain('<meta property="og:description" content="A picture drawn by the Artloom preview renderer (no GPU, no AI)');

    // Another browser opens the page, then remixes from it.
    const visitor = await e2e.newPage();
    await visitor.page.goto(link);
    await visitor.page.getByRole('heading', { level: 1, name: prompt }).waitFor();
    await visitor.page.getByRole('img', { name: prompt }).waitFor();
    await expect(visitor.page.title()).resolves.toContain(prompt.slice(0, 30));
    await visitor.page.getByRole('link', { name: 'Download' }).waitFor();
    await expect(visitor.page.getByRole('definition').filter({ hasText: 'preview renderer' }).textContent()).resolves.toBe(
      'Artloom preview renderer (no GPU, no AI)',
    );
    await visitor.page.getByRole('button', { name: 'Use this prompt' }).click();
    await visitor.page.waitForURL('**/generate');
    await expect.poll(() => visitor.page.getByLabel('Prompt').inputValue()).toBe(prompt);

    // Stop sharing: private again (the page's HTML and its API read answer 404, which the browser logs).
    allowConsoleErrors(/status of 404 \(Not Found\)/);
    await viewer.getByRole('button', { name: 'Stop sharing' }).click();
    await viewer.getByRole('button', { name: 'Share' }).waitFor();
    await visitor.page.goto(link);
    await visitor.page.getByRole('heading', { level: 1, name: 'Picture not found' }).waitFor();
    await author.context.close();
    await visitor.context.close();
  });
});

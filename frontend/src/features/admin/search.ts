/**
 * The Admin Gallery's search box: an image matches when its id starts with the query (ids are pasted
 * from the audit log, reports or a URL) or its prompt contains every word of it, case-insensitively.
 * The admin list API has no query parameter, so this filters the pages already loaded (Load More
 * fetches more to search through); an empty query matches everything.
 */
export function matchesImageQuery(image: { id: string; prompt: string }, query: string): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  if (image.id.toLowerCase().startsWith(q)) return true;
  const prompt = image.prompt.toLowerCase();
  return q.split(/\s+/).every((word) => prompt.includes(word));
}

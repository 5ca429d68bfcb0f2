import { useCallback, useEffect, useState } from 'react';

/**
 * A console list read page by page with the API's opaque cursor (the inbox, the audit log): page 1
 * whenever `fetchPage` changes (memoize it on its filters), `more()` appends the next page. Errors
 * go to the console's handler.
 */
export function useCursorList<T>(
  fetchPage: (cursor?: string) => Promise<{ items: T[]; cursor?: string }>,
  onError: (err: unknown) => unknown,
) {
  const [items, setItems] = useState<T[]>([]);
  const [cursor, setCursor] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  const load = useCallback(
    async (from?: string) => {
      setLoading(true);
      try {
        const page = await fetchPage(from);
        setItems((prev) => (from ? [...prev, ...page.items] : page.items));
        setCursor(page.cursor);
      } catch (err) {
        onError(err);
      } finally {
        setLoading(false);
      }
    },
    [fetchPage, onError],
  );
  useEffect(() => {
    void load();
  }, [load]);
  const more = useCallback(() => void load(cursor), [load, cursor]);
  return { items, setItems, loading, hasMore: Boolean(cursor), more };
}

import { Spinner } from '../../../components/ui/spinner';
import type { useCursorList } from '../hooks/use-cursor-list';

/** Under a console list: its spinner while a page loads, its empty text, and 'Load More' while there are more. */
export function ListFooter({
  list,
  loadingLabel,
  emptyText,
}: {
  list: Pick<ReturnType<typeof useCursorList>, 'items' | 'loading' | 'hasMore' | 'more'>;
  loadingLabel: string;
  emptyText: string;
}) {
  if (list.loading) return <Spinner label={loadingLabel} />;
  return (
    <>
      {list.items.length === 0 && <p className="empty">{emptyText}</p>}
      {list.hasMore && (
        <div className="load-more">
          <button type="button" className="btn" onClick={list.more}>
            Load More
          </button>
        </div>
      )}
    </>
  );
}

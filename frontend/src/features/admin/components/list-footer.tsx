import { Spinner } from '../../../components/ui/spinner';

/** Under a console list: its spinner while a page loads, its empty text, and 'Load More' while there are more. */
export function ListFooter(props: {
  loading: boolean;
  empty: boolean;
  hasMore: boolean;
  loadingLabel: string;
  emptyText: string;
  onMore: () => void;
}) {
  if (props.loading) return <Spinner label={props.loadingLabel} />;
  return (
    <>
      {props.empty && <p className="empty">{props.emptyText}</p>}
      {props.hasMore && (
        <div className="load-more">
          <button type="button" className="btn" onClick={props.onMore}>
            Load More
          </button>
        </div>
      )}
    </>
  );
}

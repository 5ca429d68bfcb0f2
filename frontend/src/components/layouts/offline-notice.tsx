import { useEffect, useState } from 'react';
import './offline-notice.css';

/**
 * 'You are offline' while the browser says so, gone when the connection is back. The live region is always in the
 * page (empty while online) so that screen readers announce both changes; online until hydrated, as prerendered.
 */
export function OfflineNotice() {
  const [offline, setOffline] = useState(false);
  useEffect(() => {
    const update = () => setOffline(!navigator.onLine);
    update();
    window.addEventListener('online', update);
    window.addEventListener('offline', update);
    return () => {
      window.removeEventListener('online', update);
      window.removeEventListener('offline', update);
    };
  }, []);
  return (
    <div className="offline-notice" role="status">
      {offline && <p>You are offline. Pages you open may not load until the connection is back.</p>}
    </div>
  );
}

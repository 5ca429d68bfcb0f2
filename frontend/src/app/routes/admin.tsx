import { Seo } from '../../components/ui/seo';
import { AdminConsole } from '../../features/admin/components/admin-console';
import { AdminGeneratorPage } from './admin-generator-page';

/** The operator console (its own chunk, with oidc-client-ts: nothing of it loads on visitors' pages). */
export default function AdminPage() {
  return (
    <>
      <Seo title="Operator console" description="The operator console of Artloom requires sign-in." />
      <AdminConsole Generator={AdminGeneratorPage} />
    </>
  );
}

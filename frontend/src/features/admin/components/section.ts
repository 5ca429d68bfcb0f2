import type { AdminApi } from '../admin-api';

/** What each console section gets from the console. */
export interface SectionProps {
  api: AdminApi;
  /** Shows the error; true when it ended the session (the console shows sign-in again). */
  onError: (err: unknown) => boolean;
}

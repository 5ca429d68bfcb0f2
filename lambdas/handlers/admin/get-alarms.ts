import { adminHandler } from '../../lib/admin-handler';
import { json } from '../../lib/http';
import { alarmStates } from '../../services/alarms';

/** GET /api/admin/alarms: the stack's alarms (CloudWatch in AWS, the local runtime's stand-in locally), firing first. */
export const handler = adminHandler({}, async () => json(200, await alarmStates()));

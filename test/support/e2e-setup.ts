import { cloudAssembly } from '../../local/functions/cloud-assembly';
import { clearIamReport, summarizeIamReport } from './iam-report';

/** The e2e run's synthesized stack (fresh when its sources changed) and its permission-check report. */
export default async function setup() {
  await cloudAssembly({ log: (line) => console.info(`[e2e] ${line}`) });
  clearIamReport();
  return () => summarizeIamReport('e2e');
}

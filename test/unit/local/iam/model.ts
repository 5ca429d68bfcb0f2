import { localNames } from '../../../../local/iam/local-names';
import { TemplateModel } from '../../../../local/iam/template';
import { synthTemplate } from '../../../fixtures/synth-template';

/** The t1 stack's template read with the local names (prefix t1, the account the fixture synthesizes for). */
export function t1Model(): TemplateModel {
  const template = synthTemplate('t1');
  return new TemplateModel(template, localNames(template, { prefix: 't1', account: '123456789012' }));
}

/** The address rule of every outgoing call, from the environment (README: CALLBACK_ALLOW_PRIVATE). */
import { allowListOf } from './address-rule.js';
import type { OutgoingRule } from './guarded-fetch.js';

export function readOutgoingRule(env: NodeJS.ProcessEnv): OutgoingRule {
  return { allowed: allowListOf(env.CALLBACK_ALLOW_PRIVATE) };
}

/** What keeps the server from starting: an allowance that is not a list of addresses or CIDR blocks. */
export function outgoingConfigProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  allowListOf(env.CALLBACK_ALLOW_PRIVATE, problems);
  return problems;
}

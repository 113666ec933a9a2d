/**
 * The IP rules' request fields, shared by the forms and the server: one address rule for IPv4,
 * IPv6 and CIDR (zod's own parsers, no hand-written patterns), and whom a rule applies to.
 */
import { z } from 'zod';
import { ROLES } from '../../providers/roles';
import { googleCodeInput, id, optionalId, optionalSwitch, remark } from '../common/rules';

const FORMS = [z.ipv4(), z.ipv6(), z.cidrv4(), z.cidrv6()];

/** As typed, trimmed; IPv6 lower-cased so one address is stored one way. */
const normalise = (v: unknown) => (typeof v === 'string' ? (v.includes(':') ? v.trim().toLowerCase() : v.trim()) : v);

/** An IPv4 or IPv6 address, or a CIDR block of either (10.0.0.0/8, 2001:db8::/32). */
export const ipOrCidr = z.preprocess(
  normalise,
  z
    .string({ error: 'required' })
    .min(1, 'required')
    .max(64, 'tooLong')
    .refine((v) => FORMS.some((form) => form.safeParse(v).success), 'ipAddress'),
);

const role = z.preprocess((v) => (v === '' || v === null ? undefined : v), z.enum(ROLES, { error: 'option' }).optional());

/** A platform rule names a role or one account, never both. */
const oneTarget = (v: { role?: string; userId?: number }) => (v.role === undefined) !== (v.userId === undefined);
const target = { path: ['userId'], message: 'ipRuleTarget' };

const ruleFields = { address: ipOrCidr, role, userId: optionalId, enabled: optionalSwitch, note: remark, googleCode: googleCodeInput };
export const addIpRule = z.object(ruleFields).refine(oneTarget, target);
export const updateIpRule = z.object({ id, ...ruleFields }).refine(oneTarget, target);

/** An agent's whitelist entry names one agent of the caller's team. */
const agentFields = { address: ipOrCidr, userId: id, enabled: optionalSwitch, note: remark, googleCode: googleCodeInput };
export const addAgentIp = z.object(agentFields);
export const updateAgentIp = z.object({ id, ...agentFields });

/** Deleting a rule: the row's id and, while the switch is on, a Google code. */
export const deleteIpRule = z.object({ id, googleCode: googleCodeInput });

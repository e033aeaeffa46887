import 'reflect-metadata';
import { ConfigError, loadConfig } from '@valuation/config';
import { operateCustomerDomain, type OperatorDomainCommand, type OperatorDomainOutcome } from '@valuation/core';
import { CUSTOMER_DOMAIN_STATE_LABELS, type DomainActor } from '@valuation/domain';
import { createDataSource } from '@valuation/persistence';

const USAGE = `Customer domain commands of the platform operator (DATABASE_URL chooses the database):
  domain complete <domain> [--ip <serverIp>]
      The domain is set up: its application becomes completed (已完成) and requests for the
      domain get the customer company's branding.
  domain fail <domain> --reason <text>
      The domain cannot be set up: its application becomes failed (申请失败) with the reason.
  Refusals print the reason and exit with status 1.`;

export const OPERATOR: DomainActor = { population: 'operator', id: 0, name: '平台运维' };

class UsageError extends Error {}

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  if (at === -1) return undefined;
  const value = args[at + 1];
  if (value === undefined || value.startsWith('--')) throw new UsageError(`${name} needs a value`);
  args.splice(at, 2);
  return value;
}

/** The command of the arguments after `domain`. */
export function parseDomainCommand(argv: readonly string[]): OperatorDomainCommand {
  const args = [...argv];
  const serverIp = option(args, '--ip');
  const reason = option(args, '--reason');
  const [action, domain, ...rest] = args;
  if (rest.length) throw new UsageError(`unexpected "${rest.join(' ')}"`);
  if (!domain) throw new UsageError('a domain is needed');
  if (action === 'complete') {
    if (reason !== undefined) throw new UsageError('complete takes no --reason');
    return { action, domain, serverIp };
  }
  if (action === 'fail') {
    if (serverIp !== undefined) throw new UsageError('fail takes no --ip');
    if (reason === undefined) throw new UsageError('fail needs --reason <text>');
    return { action, domain, reason };
  }
  throw new UsageError(`unknown command "${action ?? ''}"`);
}

export function describeOutcome(outcome: OperatorDomainOutcome): string {
  if (!outcome.ok) return outcome.message;
  const details = [`${outcome.domain}（#${outcome.id}）：${CUSTOMER_DOMAIN_STATE_LABELS[outcome.state]}`];
  if (outcome.serverIp) details.push(`服务器IP ${outcome.serverIp}`);
  if (outcome.failReason) details.push(`原因：${outcome.failReason}`);
  return details.join('，');
}

async function main(argv: string[]): Promise<number> {
  const command = parseDomainCommand(argv);
  const ds = createDataSource(loadConfig());
  await ds.initialize();
  try {
    const outcome = await operateCustomerDomain(ds, command, OPERATOR);
    if (outcome.ok) console.log(describeOutcome(outcome));
    else console.error(describeOutcome(outcome));
    return outcome.ok ? 0 : 1;
  } finally {
    await ds.destroy();
  }
}

if (require.main === module) {
  main(process.argv.slice(2)).then(
    (status) => process.exit(status),
    (err: unknown) => {
      if (err instanceof UsageError) console.error(`${err.message}\n\n${USAGE}`);
      else console.error(err instanceof ConfigError ? err.message : err);
      process.exit(err instanceof UsageError ? 2 : 1);
    },
  );
}

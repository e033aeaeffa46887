import { Injectable } from '@nestjs/common';
import type { EvalMethodSetting } from '@valuation/contracts';
import { ValuationService } from '@valuation/core';
import { EVAL_METHOD_LOG_LABELS, EvalMethodMsg, parseEvalFlags, type EvalMethodUpdate } from '@valuation/domain';
import { TenantRepository, UnitOfWork, type TenantEntity } from '@valuation/persistence';
import { ApiError, Reply } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { AdminLog } from '../auth/admin-log.service';

/** The setting as the channel sees it: every method when none is stored, the class only with comparison. */
function view(t: TenantEntity): EvalMethodSetting {
  const flags = parseEvalFlags(t.evalFlags);
  const evalFlags = flags.length ? flags : [1, 2, 3, 4];
  const cls = t.evalClass === 'A' || t.evalClass === 'B' ? t.evalClass : 'C';
  return { tenantId: t.id, evalFlags: evalFlags.join(','), evalClass: evalFlags.includes(1) ? cls : null };
}

/**
 * The valuation methods and confidence class a channel chooses for its customers' valuations. A
 * change writes its operation-log row in its own transaction and applies to the next valuation.
 */
@Injectable()
export class EvalMethodService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly tenants: TenantRepository,
    private readonly valuation: ValuationService,
    private readonly log: AdminLog,
  ) {}

  async get(p: Principal, tenantId: number): Promise<EvalMethodSetting> {
    this.assertOwn(p, tenantId);
    const tenant = await this.tenants.findById(p.tenantId);
    if (!tenant) throw ApiError.notFound(EvalMethodMsg.notOwnTenant);
    return view(tenant);
  }

  async update(p: Principal, input: EvalMethodUpdate, ip: string | undefined): Promise<Reply<EvalMethodSetting>> {
    this.assertOwn(p, input.tenantId);
    const saved = await this.uow.run(async (m) => {
      const tenant = await this.tenants.findForChange(m, p.tenantId);
      if (!tenant) throw ApiError.notFound(EvalMethodMsg.notOwnTenant);
      const before = view(tenant);
      const evalClass = input.evalFlags.includes(1) ? input.evalClass || 'C' : null;
      tenant.evalFlags = input.evalFlags.join(',');
      tenant.evalClass = evalClass;
      await this.tenants.setEvalMethods(m, tenant.id, tenant.evalFlags, evalClass);
      const after = view(tenant);
      await this.log.write(m, p, ip, {
        action: '修改估价方法',
        target: { type: 'tenant', id: tenant.id, name: '估价方法' },
        before: { evalFlags: before.evalFlags, evalClass: before.evalClass },
        after: { evalFlags: after.evalFlags, evalClass: after.evalClass },
        labels: EVAL_METHOD_LOG_LABELS,
      });
      return after;
    });
    this.valuation.forgetTenantSettings();
    return new Reply(saved, EvalMethodMsg.saved);
  }

  private assertOwn(p: Principal, tenantId: number) {
    if (tenantId !== p.tenantId) throw ApiError.forbidden(EvalMethodMsg.notOwnTenant);
  }
}

import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { operationLogRowSchema, pagedSchema } from '@valuation/contracts';
import { operationLogQuerySchema, Perm, type OperationLogListQuery } from '@valuation/domain';
import { CurrentPrincipal, RequirePermission } from '../../common/access.decorators';
import { Returns } from '../../common/api-contract';
import type { Principal } from '../../common/principal';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { OperationLogService } from './operation-log.service';

@ApiTags('操作日志')
@Controller('tenant/logs')
export class OperationLogController {
  constructor(private readonly logs: OperationLogService) {}

  @RequirePermission(Perm.operationLog)
  @Returns(pagedSchema(operationLogRowSchema))
  @Get('list')
  @ApiOperation({
    summary:
      '操作日志：本渠道员工与其客户账号的操作，最新的在前。beginDate、endDate（yyyy/MM/dd，按北京时间的日）、loginUser、userName（包含即可）、pageIndex、pageSize（10/50/100/200）',
  })
  list(@CurrentPrincipal() p: Principal, @Query(new ZodValidationPipe(operationLogQuerySchema)) q: OperationLogListQuery) {
    return this.logs.list(p, q);
  }
}

import { Controller, Get, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type Redis from 'ioredis';
import { healthStatusSchema, type HealthStatus } from '@valuation/contracts';
import { DatabaseHealth } from '@valuation/persistence';
import { REDIS } from '@valuation/queue';
import { ObjectStorage } from '@valuation/storage';
import { Public } from '../../common/access.decorators';
import { ApiError } from '../../common/api-error';
import { Returns } from '../../common/api-contract';

async function within<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

@ApiTags('运行状态')
@Controller('health')
export class HealthController {
  constructor(
    private readonly database: DatabaseHealth,
    @Inject(REDIS) private readonly redis: Redis,
    private readonly storage: ObjectStorage,
  ) {}

  @Public()
  @Returns(healthStatusSchema)
  @Get()
  @ApiOperation({ summary: '进程存活' })
  live(): HealthStatus {
    return { status: 'ok' };
  }

  @Public()
  @Returns(healthStatusSchema)
  @Get('ready')
  @ApiOperation({ summary: '就绪：PostgreSQL、Redis 与对象存储均可用' })
  async ready(): Promise<HealthStatus> {
    const probe = async (fn: () => Promise<unknown>) => {
      try {
        await within(fn(), 2000);
        return 'up' as const;
      } catch {
        return 'down' as const;
      }
    };
    const [postgres, redis, s3] = await Promise.all([
      probe(() => this.database.ping()),
      probe(() => this.redis.ping()),
      probe(() => this.storage.ping()),
    ]);
    const checks = { postgres, redis, s3 };
    const ok = Object.values(checks).every((c) => c === 'up');
    if (!ok) throw new ApiError(503, '服务未就绪', { status: 'error', checks } satisfies HealthStatus);
    return { status: 'ok', checks };
  }
}

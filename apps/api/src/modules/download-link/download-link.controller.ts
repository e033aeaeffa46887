import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { downloadLinkSchema, type DownloadLink } from '@valuation/contracts';
import { Msg } from '@valuation/domain';
import { Authenticated, CurrentPrincipal } from '../../common/access.decorators';
import { Returns } from '../../common/api-contract';
import { ApiError } from '../../common/api-error';
import type { Principal } from '../../common/principal';
import { ZodValidationPipe } from '../../common/zod-validation.pipe';
import { populationOfUrl } from '../auth/auth.guard';
import { DownloadRoutes } from './download-routes';
import { DownloadTicketService } from './download-ticket.service';
import { TICKET_PARAMETER } from './download-ticket';

const INVALID_URL = '下载地址不正确';

const downloadLinkRequestSchema = z.object({
  url: z.string().trim().min(1, INVALID_URL).max(4000, INVALID_URL).startsWith('/api/', INVALID_URL),
});

/** Query parameters never carried into a link: a ticket of its own, and a session token. */
const DROPPED = new Set([TICKET_PARAMETER, 'authorization']);

const SUMMARY =
  '下载链接（url：下载接口的路径与查询参数，如 /api/review/file?id=1&index=0）：返回一次性、约 60 秒有效的链接，链接中不含登录令牌，供浏览器直接打开下载';

@ApiTags('下载')
@Controller()
export class DownloadLinkController {
  constructor(
    private readonly routes: DownloadRoutes,
    private readonly tickets: DownloadTicketService,
  ) {}

  @Authenticated()
  @Returns(downloadLinkSchema)
  @Post('download-link')
  @HttpCode(200)
  @ApiOperation({ summary: SUMMARY })
  forUser(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(downloadLinkRequestSchema)) body: { url: string }) {
    return this.link(p, body.url);
  }

  @Authenticated()
  @Returns(downloadLinkSchema)
  @Post('tenant/download-link')
  @HttpCode(200)
  @ApiOperation({ summary: `渠道${SUMMARY}` })
  forTenant(@CurrentPrincipal() p: Principal, @Body(new ZodValidationPipe(downloadLinkRequestSchema)) body: { url: string }) {
    return this.link(p, body.url);
  }

  /** A link for a file route of the caller's population that the caller may open. */
  private link(p: Principal, url: string): DownloadLink {
    const parsed = URL.parse(url, 'http://api.invalid');
    if (parsed?.origin !== 'http://api.invalid') throw ApiError.badRequest(INVALID_URL);
    const rule = this.routes.accessOf(parsed.pathname);
    if (!rule || populationOfUrl(parsed.pathname) !== p.population) throw ApiError.badRequest(INVALID_URL);
    if (rule.kind === 'permission' && !rule.anyOf.some((id) => p.permissions.has(id))) throw ApiError.forbidden(Msg.forbidden);
    const params = new URLSearchParams(parsed.search);
    for (const name of [...params.keys()]) if (DROPPED.has(name.toLowerCase())) params.delete(name);
    return this.tickets.issue(p, { path: parsed.pathname, query: params.toString() });
  }
}

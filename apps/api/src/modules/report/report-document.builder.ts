import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '@valuation/config';
import type { AdvisorySigning, EvalResult, ReportAppraisal, ReportDocument, ReportType } from '@valuation/contracts';
import { ReportConfigReader } from '@valuation/core';
import { businessDate, businessNow, REPORT_LIMITS } from '@valuation/domain';
import type { Principal } from '../../common/principal';
import { CommunityService } from '../community/community.service';
import { MarketStatsService, TRADE } from '../community/market-stats.service';
import { SiteConfigService } from '../site-config/site-config.service';

const parseLonLat = (text: string | null | undefined): { lon: number; lat: number } | null => {
  const [lon, lat] = (text ?? '').split(',').map(Number);
  return Number.isFinite(lon) && Number.isFinite(lat) && (lon !== 0 || lat !== 0) ? { lon, lat } : null;
};

/** The public page the QR code of a report opens. */
export const verifyUrl = (config: AppConfig, reportCode: string) => `${config.PUBLIC_WEB_URL.replace(/\/+$/, '')}/verify/${reportCode}`;

/**
 * Gathers what a report shows when it is ordered: the valuation, the community's market over the
 * report windows (the same figures the valuation report page shows), its surroundings, and the
 * branding of the caller's company.
 */
@Injectable()
export class ReportDocumentBuilder {
  constructor(
    private readonly communities: CommunityService,
    private readonly stats: MarketStatsService,
    private readonly siteConfigs: SiteConfigService,
    private readonly configs: ReportConfigReader,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Whether the consulting report that applies to the caller has its seal and both signatures. */
  async advisorySigning(p: Principal): Promise<AdvisorySigning> {
    const { imageKeys } = await this.configs.resolve(p.tenantId, p.companyId, 2);
    return { seal: Boolean(imageKeys[5]), signatures: Boolean(imageKeys[3] && imageKeys[4]) };
  }

  async build(
    p: Principal,
    reportType: ReportType,
    reportCode: string,
    result: EvalResult,
    appraisal: ReportAppraisal | null = null,
    on = businessNow(),
  ): Promise<ReportDocument> {
    const [branding, site, market] = await Promise.all([
      this.configs.resolve(p.tenantId, p.companyId, reportType),
      this.siteConfigs.get('user', p),
      this.market(result),
    ]);
    return {
      reportType,
      reportCode,
      reportDate: businessDate(on),
      verifyUrl: verifyUrl(this.config, reportCode),
      branding: {
        reportName: branding.reportName,
        reportStatement: branding.reportStatement,
        reportSign: reportType === 2 ? branding.reportSign : '',
        issuer: site.companyName || site.productName,
      },
      images: reportType === 2 ? branding.imageKeys : {},
      result,
      appraisal,
      ...market,
    };
  }

  private async market(
    result: EvalResult,
  ): Promise<
    Omit<ReportDocument, 'reportType' | 'reportCode' | 'reportDate' | 'verifyUrl' | 'branding' | 'images' | 'result' | 'appraisal'>
  > {
    const record = result.record;
    const trend = await this.stats.valuationTrend(record);
    const empty = {
      trend,
      supply: { rows: [] },
      distribution: { rows: [], stepSize: 0 },
      roomTypes: { rows: [] },
      community: null,
      nearby: [],
      around: { transport: [], education: [], medical: [] },
    };
    if (!record.haCode) return empty;
    const { community } = await this.communities.community(record.cityCode, record.haCode);
    const tradeType = record.evalType === 2 ? 'lease' : 'forsale';
    const cases = { communityId: community.id, tradeType: record.evalType === 2 ? TRADE.lease : TRADE.sale, propType: record.propType };
    const [supply, distribution, roomTypes, detail, around] = await Promise.all([
      this.stats.monthly(community, {
        tradeType,
        propType: record.propType,
        sinceYear: REPORT_LIMITS.trendYears,
        statType: 'count',
        statKey: undefined,
      }),
      this.stats.distribution({ ...cases, sinceYear: REPORT_LIMITS.distributionYears }, 'price'),
      this.stats.byRooms({ ...cases, sinceYear: REPORT_LIMITS.roomTypeYears }, 'rate'),
      this.communities.detail(record.cityCode, record.haCode, record.propType),
      this.communities.around(record.cityCode, record.haCode),
    ]);
    const point =
      parseLonLat(detail.bdlocation) ??
      (record.gpsLon !== null && record.gpsLat !== null ? { lon: record.gpsLon, lat: record.gpsLat } : null);
    // The nearest community within the radius is the subject's own: the list leaves it out.
    const nearby = point
      ? (
          await this.communities.list({
            city: record.cityCode,
            propType: record.propType,
            lat: point.lat,
            lon: point.lon,
            coordtype: 'bd09ll',
            limit: REPORT_LIMITS.nearbyLimit,
            distance: REPORT_LIMITS.nearbyDistance,
          })
        ).items
          .filter((c) => c.haCode !== record.haCode)
          .slice(0, REPORT_LIMITS.nearbyLimit - 1)
      : [];
    return { trend, supply, distribution, roomTypes, community: detail, nearby, around };
  }
}

import { Alert, Button, Grid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { EvalRecord } from '@valuation/contracts';
import { methodLabel, nearbyWithoutSelf, Perm, reportVisibility, ReportMsg } from '@valuation/domain';
import { useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { parseLonLat, type LonLat } from '../../../app/map/coord-convert';
import type { NearbyPoint } from '../../../app/map/NearbyPointsMap';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import {
  tradeTypeOf,
  useCommunityAnalysis,
  useCommunityAround,
  useCommunityDetail,
  useCommunityDistribution,
  useEvalResult,
  useEvalTrend,
  useLocalMarket,
  useNearbyCommunities,
  useRevaluation,
  useRoomTypes,
  valreportKeys,
  type ReportCommunity,
} from '../api/valreport-api';
import { CommunitySurveySection } from '../components/CommunitySurveySection';
import { FeatureWeightSection } from '../components/FeatureWeightSection';
import { NearbyPricesSection } from '../components/NearbyPricesSection';
import { PriceDistributionSection } from '../components/PriceDistributionSection';
import { PriceTrendSection } from '../components/PriceTrendSection';
import { PropertyInfoSection } from '../components/PropertyInfoSection';
import { ReportHeader } from '../components/ReportHeader';
import { RoomTypeSection } from '../components/RoomTypeSection';
import { SampleCasesSection } from '../components/SampleCasesSection';
import { StatementSection } from '../components/StatementSection';
import { SupplySection } from '../components/SupplySection';
import { SurroundingsSection } from '../components/SurroundingsSection';
import { useReportParams } from '../hooks/use-report-params';
import { ReportActions } from '../../reports/components/ReportActions';
import { ManualEnquiryButton } from '../../manual-enquiry/components/ManualEnquiryButton';
import { ValReportReviewActions } from '../../review/components/ValReportReviewActions';

function communityOf(record: EvalRecord | undefined): ReportCommunity | null {
  if (!record?.haCode) return null;
  return { city: record.cityCode, ha: record.haCode, propType: record.propType, tradeType: tradeTypeOf(record.evalType) };
}

function recordPosition(record: EvalRecord | undefined): LonLat | null {
  if (!record || record.gpsLon === null || record.gpsLat === null) return null;
  return { lon: record.gpsLon, lat: record.gpsLat };
}

/** Route valreport (query evalCode, state, showRe): the valuation report of one property. */
export function ValReportPage() {
  const { evalCode, state, revalued } = useReportParams();
  const result = useEvalResult(evalCode);
  const record = result.data?.record;
  const referenceOnly = (record?.state ?? state) === 2;
  const visibility = reportVisibility(record?.method);

  const trend = useEvalTrend(evalCode, Boolean(record));
  const community = useMemo(() => communityOf(record), [record]);
  const detail = useCommunityDetail(community);
  const supply = useCommunityAnalysis(community, 'count');
  const distribution = useCommunityDistribution(community);
  const roomTypes = useRoomTypes(community);
  const around = useCommunityAround(community);
  const market = useLocalMarket(
    record && referenceOnly
      ? { city: record.cityCode, propType: record.propType, tradeType: tradeTypeOf(record.evalType), businessId: record.businessTypeId }
      : null,
  );

  const center = recordPosition(record) ?? parseLonLat(detail.data?.bdlocation);
  const nearby = useNearbyCommunities(
    record && center ? { city: record.cityCode, propType: record.propType, lon: center.lon, lat: center.lat } : null,
  );
  const nearbyItems = useMemo(() => nearbyWithoutSelf(nearby.data?.items ?? [], record?.haCode), [nearby.data, record?.haCode]);
  const mapPoints = useMemo<NearbyPoint[]>(
    () =>
      nearbyItems.flatMap((c) => {
        const at = parseLonLat(c.location);
        return at ? [{ name: c.haName, lon: at.lon, lat: at.lat, distance: c.distance }] : [];
      }),
    [nearbyItems],
  );

  const { granted } = useGrantedPermissions('user');
  const link = useRouteLink('org');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const revaluation = useRevaluation();
  const canRevalue = record !== undefined && !referenceOnly && granted.has(record.evalType === 2 ? Perm.rentValuation : Perm.saleValuation);

  const revalue = () => {
    if (!record) return;
    revaluation.mutate(
      { evalCode: record.evalCode, evalType: record.evalType },
      {
        onSuccess: (answer) => {
          notifications.show({ color: 'green', message: ReportMsg.revalued });
          void queryClient.invalidateQueries({ queryKey: valreportKeys.all() });
          const href = link('valreport', { evalCode: answer.evalCode, state: answer.state, showRe: 1 });
          if (href) navigate(href);
        },
      },
    );
  };

  if (!evalCode) {
    return (
      <Alert color="yellow" variant="light" title="估价报告">
        缺少估价编号，无法查看估价报告。
      </Alert>
    );
  }

  const evalType = record?.evalType ?? 1;
  const resultQuery = { isLoading: result.isLoading, isError: result.isError, refetch: result.refetch };

  return (
    <Stack gap="lg" maw={1320}>
      <ReportHeader
        result={result}
        trend={trend}
        market={market}
        referenceOnly={referenceOnly}
        revalued={revalued}
        actions={
          record && (
            <>
              <ReportActions record={record} />
              <ManualEnquiryButton evalCode={record.evalCode} evalType={record.evalType} referenceOnly={referenceOnly} />
              <ValReportReviewActions record={record} />
              {canRevalue && (
                <Button onClick={revalue} loading={revaluation.isPending}>
                  重新估价
                </Button>
              )}
            </>
          )
        }
      />
      {!result.isError && (
        <>
          <PropertyInfoSection record={record} center={center} points={mapPoints} />
          {visibility.samples && <SampleCasesSection query={resultQuery} samples={result.data?.samples ?? []} evalType={evalType} />}
          <Grid gutter="lg" align="stretch">
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <PriceTrendSection trend={trend} evalType={evalType} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <PriceDistributionSection
                query={community ? distribution : null}
                evalType={evalType}
                unitPrice={referenceOnly ? null : (record?.unitPrice ?? null)}
              />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <SupplySection query={community ? supply : null} evalType={evalType} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, lg: 6 }}>
              <RoomTypeSection query={community ? roomTypes : null} propType={record?.propType ?? 11} />
            </Grid.Col>
          </Grid>
          <Grid gutter="lg" align="stretch">
            {visibility.radar && (
              <Grid.Col span={{ base: 12, lg: 5 }}>
                <FeatureWeightSection query={resultQuery} betas={result.data?.betas ?? []} />
              </Grid.Col>
            )}
            <Grid.Col span={{ base: 12, lg: visibility.radar ? 7 : 12 }}>
              <CommunitySurveySection query={community ? detail : null} cols={visibility.radar ? 2 : 3} />
            </Grid.Col>
          </Grid>
          {visibility.nearbyPrices && <NearbyPricesSection query={record && center ? nearby : null} items={nearbyItems} />}
          <SurroundingsSection query={community ? around : null} />
          <StatementSection method={methodLabel(record?.method)} referenceOnly={referenceOnly} />
        </>
      )}
    </Stack>
  );
}

import { Box, Grid, Text } from '@mantine/core';
import type { EvalRecord } from '@valuation/contracts';
import { floorLabel, formatAreaText, layoutLabel } from '@valuation/domain';
import { InfoGrid, PageSection } from '@valuation/ui';
import { NearbyPointsMap, type NearbyPoint } from '../../../app/map/NearbyPointsMap';
import type { LonLat } from '../../../app/map/coord-convert';

export interface PropertyInfoSectionProps {
  record: EvalRecord | undefined;
  /** bd09ll position of the property, null when unknown. */
  center: LonLat | null;
  points: NearbyPoint[];
}

function buildingLabel(r: EvalRecord): string {
  const parts = [r.buildNo && `${r.buildNo}栋`, r.unit && `${r.unit}单元`, r.roomNo && `${r.roomNo}室`].filter(Boolean);
  return parts.join('');
}

/** 房产基本信息: the features the valuation used, beside a map of the property and its neighbours. */
export function PropertyInfoSection({ record: r, center, points }: PropertyInfoSectionProps) {
  const items = r
    ? [
        { label: '小区名称', value: r.haName },
        { label: '所在城市', value: r.cityName },
        { label: '房产地址', value: r.location ?? r.cardAddress, span: 2 },
        { label: '物业类型', value: r.proprtname },
        { label: '建筑面积', value: formatAreaText(r.bldgArea) },
        { label: '所在楼层', value: floorLabel(r.floor, r.bheight) },
        { label: '户型', value: layoutLabel(r.br, r.lr, r.ba) },
        { label: '朝向', value: r.faceName },
        { label: '装修程度', value: r.intdecoName },
        { label: '建成年代', value: r.buildYear ? `${r.buildYear}年` : '' },
        { label: '建筑类型', value: r.bldgTypeName },
        { label: '楼栋房号', value: buildingLabel(r) },
        { label: '证载地址', value: r.cardAddress },
        { label: '估价时间', value: r.evalDate },
        { label: '估价编号', value: r.evalCode },
        ...(r.principal ? [{ label: '委托方', value: r.principal }] : []),
        ...(r.owner ? [{ label: '产权人', value: r.owner }] : []),
        ...(r.businessTypeName ? [{ label: '业务类型', value: r.businessTypeName }] : []),
      ]
    : Array.from({ length: 12 }, () => ({ label: '', value: '' }));

  return (
    <PageSection title="房产基本信息" h="100%">
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <InfoGrid cols={2} labelWidth={72} loading={!r} items={items} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          {center ? (
            <NearbyPointsMap
              center={center}
              centerLabel={r?.haName ?? r?.location ?? undefined}
              points={points}
              height={330}
              cityCode={r?.cityCode}
            />
          ) : (
            <Box
              h={330}
              bg="var(--mantine-color-gray-0)"
              style={{ display: 'grid', placeItems: 'center', borderRadius: 'var(--mantine-radius-sm)' }}
            >
              <Text size="sm" c="dimmed">
                {r ? '暂无位置信息' : ''}
              </Text>
            </Box>
          )}
        </Grid.Col>
      </Grid>
    </PageSection>
  );
}

import { Button, Group, Stack, Text } from '@mantine/core';
import type { AppraisalCaseDetail } from '@valuation/contracts';
import { fileSizeText, formatAreaText, formatEvalPrice } from '@valuation/domain';
import { InfoGrid, PageSection } from '@valuation/ui';
import { useState } from 'react';
import { downloadCaseFile } from '../api/appraisal-api';
import { houseInfoItems, reasonText } from '../model/case-format';

/** What the requester asked: the house, the reason, the prices and the attachments. */
export function CaseRequestSection({ c }: { c: AppraisalCaseDetail }) {
  const [downloading, setDownloading] = useState<number | null>(null);
  const download = async (index: number, name: string) => {
    setDownloading(index);
    try {
      await downloadCaseFile(c.id, index, name);
    } catch {
      /* the download shows its own message */
    } finally {
      setDownloading(null);
    }
  };
  return (
    <PageSection title="申请内容">
      <Stack gap="md">
        <InfoGrid
          cols={2}
          items={[
            { label: '城市', value: c.cityName },
            { label: '小区', value: c.haName },
            { label: '房屋坐落', value: c.cardAddress, span: 2 },
            { label: '位置', value: c.location, span: 2 },
            { label: '建筑面积', value: c.bldgArea === null ? null : formatAreaText(c.bldgArea) },
            { label: '估价类型', value: c.evalType === 2 ? '租金' : '售价' },
            ...houseInfoItems(c.houseInfo),
            { label: '申请原因', value: reasonText(c) },
            { label: '原估价', value: c.originalPrice === null ? null : formatEvalPrice(c.originalPrice, c.evalType) },
            { label: '期望价格', value: c.proposedPrice === null ? null : formatEvalPrice(c.proposedPrice, c.evalType) },
            { label: '备注', value: c.remark || null, span: 2 },
          ]}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            附件（{c.files.length}）
          </Text>
          {c.files.length === 0 && (
            <Text size="sm" c="dimmed">
              无附件
            </Text>
          )}
          {c.files.map((f) => (
            <Group key={f.index} gap="sm">
              <Text size="sm">{f.name}</Text>
              <Text size="xs" c="dimmed">
                {fileSizeText(f.size)}
              </Text>
              <Button size="compact-xs" variant="subtle" loading={downloading === f.index} onClick={() => void download(f.index, f.name)}>
                下载
              </Button>
            </Group>
          ))}
        </Stack>
      </Stack>
    </PageSection>
  );
}

import { Alert, Badge, Box, Center, Code, Container, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReportVerification } from '@valuation/contracts';
import {
  evalPriceUnit,
  FormalReportMsg,
  formatAreaText,
  formatReportTotalPrice,
  formatReportUnitPrice,
  unitPriceUnit,
} from '@valuation/domain';
import { FileDropzone } from '@valuation/ui';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ApiError } from '../../../app/api/api-error';
import { useDocumentTitle } from '../../../app/branding/use-document-title';
import { useReportVerification } from '../api/reports-api';
import { sha256Hex } from '../model/sha256';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={500}>{children}</Text>
    </Box>
  );
}

type FileCheck = { name: string; matches: boolean; hash: string } | null;

/** The report is a PDF: its name and its first bytes say so. */
async function pdfProblem(files: readonly File[]): Promise<string | null> {
  const file = files[0];
  if (!file) return null;
  const head = new TextDecoder().decode(await file.slice(0, 5).arrayBuffer());
  return file.name.toLowerCase().endsWith('.pdf') && head === '%PDF-' ? null : '请选择平台出具的PDF报告文件';
}

function Verified({ report }: { report: ReportVerification }) {
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<FileCheck>(null);
  const [hashing, setHashing] = useState(false);
  const t = report.evalType;
  const pick = async (picked: File | null) => {
    setFile(picked);
    setCheck(null);
    if (!picked) return;
    setHashing(true);
    try {
      const hash = await sha256Hex(picked);
      setCheck({ name: picked.name, hash, matches: hash === report.sha256 });
    } finally {
      setHashing(false);
    }
  };
  return (
    <Stack gap="lg">
      <Alert color="green" variant="light" title="报告真实有效">
        该报告由{report.issuer || '本平台'}出具，以下信息与平台存档一致。
      </Alert>
      <Paper withBorder p="xl" radius="md">
        <Stack gap="lg">
          <Group justify="space-between">
            <Title order={3}>{report.reportName}</Title>
            <Badge variant="light">{report.reportType === 1 ? '询价报告' : '咨询报告'}</Badge>
          </Group>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
            <Field label="报告编号">{report.reportCode}</Field>
            <Field label="报告日期">{report.reportDate}</Field>
            <Field label="估价对象">{[report.cityName, report.haName, report.address].filter(Boolean).join(' · ')}</Field>
            <Field label="建筑面积">{formatAreaText(report.bldgArea)}</Field>
            <Field label={t === 2 ? '估价租金' : '估价总价'}>
              {formatReportTotalPrice(report.totalPrice, t)} {evalPriceUnit(t)}
            </Field>
            <Field label="单价">
              {formatReportUnitPrice(report.unitPrice, t)} {unitPriceUnit(t)}
            </Field>
          </SimpleGrid>
          <Box>
            <Text size="xs" c="dimmed" mb={4}>
              PDF 文件 SHA-256 校验值
            </Text>
            <Code block style={{ wordBreak: 'break-all', whiteSpace: 'normal' }}>
              {report.sha256}
            </Code>
          </Box>
          <FileDropzone
            label="核对PDF文件"
            description="文件只在本机计算校验值，不会上传。"
            extensions={['pdf']}
            files={file ? [file] : []}
            onChange={(files) => void pick(files[0] ?? null)}
            check={pdfProblem}
            disabled={hashing}
          />
          {check && (
            <Alert
              color={check.matches ? 'green' : 'red'}
              variant="light"
              title={check.matches ? '文件与存档一致，未被修改' : '文件与存档不一致'}
            >
              <Text size="sm">
                {check.name}：{check.hash}
              </Text>
            </Alert>
          )}
        </Stack>
      </Paper>
    </Stack>
  );
}

/** Public page `/verify/:code` the QR code of a report opens: no login. */
export function VerifyReportPage() {
  const { code = '' } = useParams();
  const verification = useReportVerification(code);
  useDocumentTitle('报告验真');
  const unknown = verification.error instanceof ApiError && (verification.error.code === 404 || verification.error.code === 400);
  return (
    <Box bg="var(--mantine-color-gray-0)" mih="100vh" py={48}>
      <Container size={720}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={2}>估价报告验真</Title>
            <Text c="dimmed" size="sm">
              核对纸质或电子版报告的编号、估价结果与文件校验值。
            </Text>
          </Stack>
          {verification.isLoading ? (
            <Center py="xl">
              <Loader />
            </Center>
          ) : verification.data ? (
            <Verified report={verification.data} />
          ) : (
            <Alert color="red" variant="light" title={unknown ? FormalReportMsg.unknownCode : '验证失败，请稍后重试'}>
              报告编号：{code || '--'}
            </Alert>
          )}
        </Stack>
      </Container>
    </Box>
  );
}

import { MultiSelect, Select, SimpleGrid } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { BusinessItem, RegionTreeNode, RiskCoefficientView } from '@valuation/contracts';
import { riskAddSchema, RiskMsg } from '@valuation/domain';
import { askConfirm, FormDialog } from '@valuation/ui';
import { useMemo, useState } from 'react';
import { failureMessage } from '../../../app/api/api-error';
import { initialRiskValues, riskRequest, type RiskFormValues, type RiskRequest, type RiskTarget } from '../model/risk-form';
import { CoefficientStepper } from './CoefficientStepper';

export interface RiskCoefficientDialogProps {
  target: RiskTarget | null;
  regionTree: readonly RegionTreeNode[] | undefined;
  businesses: readonly BusinessItem[] | undefined;
  /** The coefficient of exactly the region, or null (GET api/risk/get). */
  lookup: (region: Pick<RiskRequest, 'provinceCode' | 'cityCode' | 'distCode'>) => Promise<RiskCoefficientView | null>;
  /** Sends the request: an add without an id, an update with one; rejects with the server's answer. */
  save: (request: RiskRequest, id: number | undefined) => Promise<unknown>;
  onClose: () => void;
}

const ALL = 'all';
const options = (nodes: readonly RegionTreeNode[] | undefined) => (nodes ?? []).map((n) => ({ value: n.regionCode, label: n.regionName }));
const withAll = (nodes: readonly RegionTreeNode[] | undefined) => [{ value: ALL, label: '全部' }, ...options(nodes)];
const picked = (v: string | null) => (v === null || v === ALL ? '' : v);

function indexRegions(tree: readonly RegionTreeNode[] | undefined): Map<string, RegionTreeNode> {
  const out = new Map<string, RegionTreeNode>();
  const walk = (nodes: readonly RegionTreeNode[]) =>
    nodes.forEach((n) => {
      out.set(n.regionCode, n);
      walk(n.items);
    });
  walk(tree ?? []);
  return out;
}

/**
 * Adds or edits a risk coefficient: province (required), city and district (全部 for the whole
 * level), businesses (none for every business) and the coefficient. Before saving it asks the
 * server for the region's coefficient; when another one holds the region it asks
 * 该地区已添加风控系数，您确定要替换吗？ and, confirmed, saves over that one.
 */
export function RiskCoefficientDialog({ target, regionTree, businesses, lookup, save, onClose }: RiskCoefficientDialogProps) {
  const [failure, setFailure] = useState<string | null>(null);
  const current: RiskTarget = target ?? { kind: 'add' };
  const regions = useMemo(() => indexRegions(regionTree), [regionTree]);
  const businessNames = useMemo(() => new Map((businesses ?? []).map((b) => [String(b.id), b.businessName])), [businesses]);
  const names = {
    region: (code: string) => regions.get(code)?.regionName ?? '',
    business: (id: string) => businessNames.get(id) ?? '',
  };
  const editing = current.kind === 'edit' ? current.row : null;

  const close = () => {
    setFailure(null);
    onClose();
  };

  const submit = async (_checked: unknown, values: RiskFormValues) => {
    setFailure(null);
    const request = riskRequest(values, names);
    try {
      const existing = await lookup(request);
      let id = editing?.id;
      if (existing && existing.id !== editing?.id) {
        if (!(await askConfirm({ message: RiskMsg.confirmReplace, confirmLabel: '替换' }))) return false;
        id = editing ? existing.id : undefined;
      }
      await save(request, id);
    } catch (error) {
      setFailure(failureMessage(error));
      return false;
    }
    notifications.show({ color: 'green', message: editing ? RiskMsg.edited : RiskMsg.added });
  };

  return (
    <FormDialog<RiskFormValues, typeof riskAddSchema>
      opened={target !== null}
      title={editing ? '编辑风控系数' : '新增风控系数'}
      schema={riskAddSchema}
      initialValues={initialRiskValues(current)}
      toInput={(values) => riskRequest(values, names)}
      onSubmit={submit}
      onClose={close}
      submitLabel="保存"
      continueLabel={editing ? undefined : '保存并继续'}
      cancelLabel="取消"
      failure={failure}
      size={560}
    >
      {(form) => {
        const { provinceCode: province, cityCode: city, distCode: district, businessId } = form.getValues();
        const cities = regions.get(province)?.items;
        const districts = city ? regions.get(city)?.items : undefined;
        return (
          <>
            <SimpleGrid cols={3} spacing="sm">
              <Select
                label="省份"
                withAsterisk
                searchable
                data-autofocus
                placeholder={regionTree ? '请选择省份' : '加载中…'}
                nothingFoundMessage="无匹配地区"
                data={options(regionTree)}
                error={form.errors.provinceCode}
                value={province || null}
                onChange={(v) => form.setValues({ provinceCode: v ?? '', cityCode: '', distCode: '' })}
              />
              <Select
                label="城市"
                searchable
                allowDeselect={false}
                disabled={!province}
                nothingFoundMessage="无匹配地区"
                data={withAll(cities)}
                error={form.errors.cityCode}
                value={city || ALL}
                onChange={(v) => form.setValues({ cityCode: picked(v), distCode: '' })}
              />
              <Select
                label="区县"
                searchable
                allowDeselect={false}
                disabled={!city}
                nothingFoundMessage="无匹配地区"
                data={withAll(districts)}
                error={form.errors.distCode}
                value={district || ALL}
                onChange={(v) => form.setFieldValue('distCode', picked(v))}
              />
            </SimpleGrid>
            <MultiSelect
              label="业务"
              placeholder={businessId.length ? undefined : '全部业务'}
              description="不选择时适用于全部业务"
              clearable
              data={(businesses ?? []).map((b) => ({ value: String(b.id), label: b.businessName }))}
              {...form.getInputProps('businessId')}
            />
            <CoefficientStepper
              label="风控系数"
              withAsterisk
              error={form.errors.priceCoefficient}
              value={form.getValues().priceCoefficient}
              onChange={(v) => form.setFieldValue('priceCoefficient', v)}
            />
          </>
        );
      }}
    </FormDialog>
  );
}

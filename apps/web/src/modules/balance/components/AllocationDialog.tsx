import { Button, Group, Input, Pill, Select, SimpleGrid, Text, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { PriceEntry, Product, RegionTreeNode } from '@valuation/contracts';
import {
  allocationOrderSchema,
  BalanceMsg,
  BUY_MODE_NAMES,
  buyModesOf,
  formatOrderPriceInput,
  type AllocationOrder,
} from '@valuation/domain';
import { FormDialog, type SchemaFormApi } from '@valuation/ui';
import { useState } from 'react';
import { DateField } from '../../../app/forms/DateField';
import { useRegionTree } from '../../../app/regions/region-tree';
import { useAllocateBalance, usePriceList, useProducts } from '../api/balance-api';
import {
  addCity,
  allocationDateBounds,
  allocationInput,
  allocationRequest,
  buyModePicked,
  countLabel,
  initialAllocationForm,
  isCityAnnual,
  NATIONWIDE,
  productPicked,
  REMARK_MAX,
  type AllocationFormValues,
  type AllocationTarget,
} from '../model/allocation-form';

interface FieldsProps {
  form: SchemaFormApi<AllocationFormValues>;
  target: AllocationTarget;
  products: readonly Product[] | undefined;
  productsLoading: boolean;
  prices: readonly PriceEntry[] | undefined;
  regionTree: readonly RegionTreeNode[] | undefined;
}

/** The fields of the allocation: product and mode, the scope of a city-annual order, count, price, dates and remark. */
function AllocationFields({ form, target, products, productsLoading, prices, regionTree }: FieldsProps) {
  const v = form.values;
  const cityAnnual = isCityAnnual(v);
  const provinces = regionTree ?? [];
  const citiesOfProvince = provinces.find((p) => p.regionCode === v.province)?.items ?? [];
  const bounds = allocationDateBounds(v.effectiveDate, v.expireDate);

  const pick = (patch: Partial<AllocationFormValues>, field: string) => {
    form.setValues(patch);
    form.clearFieldError(field);
  };
  const confirmCity = () => {
    const node = citiesOfProvince.find((c) => c.regionCode === v.city);
    if (!node) return;
    form.setValues({ cities: addCity(v.cities, { code: node.regionCode, name: node.regionName }), city: '' });
    form.clearFieldError('cityCodes');
  };

  return (
    <>
      <SimpleGrid cols={2}>
        <TextInput label="账号" value={target.loginUser} readOnly variant="filled" />
        <TextInput label="客户公司" value={target.companyName} readOnly variant="filled" />
      </SimpleGrid>
      <SimpleGrid cols={2}>
        <Select
          label="产品"
          withAsterisk
          placeholder={productsLoading ? '加载中…' : '请选择产品'}
          allowDeselect={false}
          data={(products ?? []).map((p) => ({ value: p.productCode, label: p.productName }))}
          value={v.productCode || null}
          error={form.errors.productCode}
          comboboxProps={{ withinPortal: true }}
          onChange={(code) => pick(productPicked(code ?? ''), 'productCode')}
        />
        <Select
          label="购买模式"
          withAsterisk
          placeholder={v.productCode ? '请选择购买模式' : '请先选择产品'}
          disabled={!v.productCode}
          allowDeselect={false}
          data={buyModesOf(v.productCode).map((m) => ({ value: String(m), label: BUY_MODE_NAMES[m] }))}
          value={v.buyModeCode || null}
          error={form.errors.buyModeCode}
          comboboxProps={{ withinPortal: true }}
          onChange={(mode) => pick(buyModePicked(mode ?? '', prices), 'buyModeCode')}
        />
      </SimpleGrid>
      {cityAnnual && (
        <Input.Wrapper label="服务范围" withAsterisk error={form.errors.cityCodes}>
          <Group gap="sm" wrap="nowrap" mt={4}>
            <Select
              aria-label="省份"
              placeholder={regionTree ? '请选择省份' : '加载中…'}
              searchable
              allowDeselect={false}
              nothingFoundMessage="无匹配地区"
              data={provinces.map((p) => ({ value: p.regionCode, label: p.regionName }))}
              value={v.province || null}
              comboboxProps={{ withinPortal: true }}
              onChange={(code) => form.setValues({ province: code ?? '', city: '' })}
              style={{ flex: 1 }}
            />
            <Select
              aria-label="城市"
              placeholder="请选择城市"
              searchable
              allowDeselect={false}
              nothingFoundMessage="无匹配地区"
              disabled={!v.province}
              data={citiesOfProvince.map((c) => ({ value: c.regionCode, label: c.regionName }))}
              value={v.city || null}
              comboboxProps={{ withinPortal: true }}
              onChange={(code) => form.setFieldValue('city', code ?? '')}
              style={{ flex: 1 }}
            />
            <Button variant="light" disabled={!v.city} onClick={confirmCity}>
              确定
            </Button>
          </Group>
        </Input.Wrapper>
      )}
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Text size="sm" fw={500} lh="26px" style={{ flexShrink: 0 }}>
          已选城市
        </Text>
        <div aria-label="已选城市" role="group" style={{ minHeight: 26, display: 'flex', alignItems: 'center' }}>
          {cityAnnual && v.cities.length > 0 ? (
            <Group gap={6}>
              {v.cities.map((c) => (
                <Pill
                  key={c.code}
                  size="md"
                  withRemoveButton
                  removeButtonProps={{ 'aria-label': `移除${c.name}`, 'aria-hidden': false, tabIndex: 0 }}
                  onRemove={() =>
                    form.setFieldValue(
                      'cities',
                      v.cities.filter((x) => x.code !== c.code),
                    )
                  }
                >
                  {c.name}
                </Pill>
              ))}
            </Group>
          ) : (
            <Text size="sm">{NATIONWIDE}</Text>
          )}
        </div>
      </Group>
      <SimpleGrid cols={2}>
        <TextInput
          label={countLabel(v.productCode)}
          withAsterisk
          placeholder="小于8位数的正整数"
          inputMode="numeric"
          maxLength={10}
          {...form.getInputProps('count')}
          onChange={(e) => form.setFieldValue('count', e.currentTarget.value.replace(/\D/g, ''))}
        />
        <TextInput
          label="总价（元）"
          withAsterisk
          placeholder="最多两位小数"
          inputMode="decimal"
          maxLength={14}
          {...form.getInputProps('orderPrice')}
          onChange={(e) => form.setFieldValue('orderPrice', e.currentTarget.value.replace(/[^\d.]/g, ''))}
          onBlur={() => form.setFieldValue('orderPrice', formatOrderPriceInput(form.getValues().orderPrice))}
        />
      </SimpleGrid>
      <SimpleGrid cols={2}>
        <DateField
          label="开始日期"
          value={v.effectiveDate}
          min={bounds.effective.min}
          max={bounds.effective.max}
          required
          error={form.errors.effectiveDate}
          onChange={(d) => pick({ effectiveDate: d }, 'effectiveDate')}
        />
        <DateField
          label="截止日期"
          value={v.expireDate}
          min={bounds.expire.min}
          required
          error={form.errors.expireDate}
          onChange={(d) => pick({ expireDate: d }, 'expireDate')}
        />
      </SimpleGrid>
      <Textarea
        label="备注"
        placeholder={`选填，最多${REMARK_MAX}字`}
        autosize
        minRows={1}
        maxRows={4}
        maxLength={REMARK_MAX}
        {...form.getInputProps('remark')}
      />
    </>
  );
}

/**
 * 分配余额: allocates a product to a customer account (an order). Checked with the shared
 * allocation rules in the spec's order, the first broken rule shown on its field; a refusal of
 * the server shows as a red notification and keeps what was typed.
 */
export function AllocationDialog({ target, onClose }: { target: AllocationTarget | null; onClose: () => void }) {
  const opened = target !== null;
  /* The account stays on screen while the dialog closes. */
  const [shown, setShown] = useState<AllocationTarget | null>(target);
  if (target && target !== shown) setShown(target);
  const products = useProducts(opened);
  const prices = usePriceList(opened);
  const regions = useRegionTree('tenant', opened);
  const allocate = useAllocateBalance();

  const submit = async (order: AllocationOrder, values: AllocationFormValues) => {
    if (!shown) return false;
    try {
      await allocate.mutateAsync(allocationRequest(shown, order, values.cities, products.data));
    } catch {
      return false;
    }
    notifications.show({ color: 'green', message: BalanceMsg.allocated });
  };

  return (
    <FormDialog<AllocationFormValues, typeof allocationOrderSchema>
      opened={opened}
      title="分配余额"
      schema={allocationOrderSchema}
      initialValues={initialAllocationForm()}
      toInput={(values) => allocationInput(shown, values)}
      onSubmit={submit}
      onClose={onClose}
      size={640}
    >
      {(form) =>
        shown && (
          <AllocationFields
            form={form}
            target={shown}
            products={products.data}
            productsLoading={products.isLoading}
            prices={prices.data}
            regionTree={regions.data}
          />
        )
      }
    </FormDialog>
  );
}

import { Button, Checkbox, Group, Input, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { OrgInfo } from '@valuation/contracts';
import {
  ORG_BUSINESS_TYPES,
  ORG_LICENSE_ACCEPT,
  ORG_LIMITS,
  orgContactLabel,
  orgEditSchema,
  OrganizationMsg,
  type OrgInfoFormValues,
} from '@valuation/domain';
import { ImageDropzone, RegionCascade, SchemaFormBody, useSchemaForm, type RegionNode } from '@valuation/ui';
import { useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../app/api/api-error';
import { useRegionTree } from '../../../app/regions/region-tree';
import { useOrgLicense, useSaveOrgInfo } from '../api/organization-api';
import { formValuesOf, pickedLicenseError } from '../model/org-info-form';

/** An object URL of a blob, revoked when the blob changes or the component goes away. */
function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url;
}

const nameOf = (nodes: readonly RegionNode[] | undefined, code: string) => nodes?.find((n) => n.regionCode === code)?.regionName ?? '';

export interface OrgInfoFormProps {
  info: OrgInfo;
}

/**
 * The information form of one organisation: a customer company shows its social code and business
 * licence, a sub-organisation its parent and its 负责人. Checked with the server's schema; the
 * licence is checked by name, content and size when it is picked, as the server checks it.
 */
export function OrgInfoForm({ info }: OrgInfoFormProps) {
  const { topLevel } = info;
  const save = useSaveOrgInfo();
  const regions = useRegionTree('user');
  const [license, setLicense] = useState<File | null>(null);
  const [licenseError, setLicenseError] = useState<string | null>(null);
  const stored = useOrgLicense(info.id, topLevel ? info.licenseFile : null);
  const licenseUrl = useObjectUrl(license ?? stored.data ?? null);
  const openPicker = useRef<(() => void) | null>(null);

  const state = useSchemaForm<OrgInfoFormValues, typeof orgEditSchema>({
    schema: orgEditSchema,
    initialValues: formValuesOf(info),
    extraErrors: (): Record<string, string> => (licenseError ? { licenseFile: licenseError } : {}),
    onSubmit: async (request) => {
      try {
        await save.mutateAsync({ request, topLevel, license });
        notifications.show({ color: 'green', message: OrganizationMsg.saved });
        return true;
      } catch (error) {
        notifications.show({ color: 'red', title: OrganizationMsg.saveFailed, message: isApiError(error) ? error.message : undefined });
        return false;
      }
    },
  });
  const { form } = state;
  const values = form.getValues();

  const pick = async (file: File) => {
    const error = await pickedLicenseError(file);
    setLicenseError(error);
    if (!error) setLicense(file);
  };

  return (
    <SchemaFormBody state={state} submitLabel="保存">
      {(f) => (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput label="机构名称" withAsterisk maxLength={ORG_LIMITS.name} {...f.getInputProps('name')} />
            {topLevel ? (
              <TextInput label="统一社会信用代码" maxLength={ORG_LIMITS.socialCode} {...f.getInputProps('socialCode')} />
            ) : (
              <TextInput label="上级机构" value={info.parentName} readOnly variant="filled" />
            )}
            <RegionCascade
              tree={regions.data}
              levels={2}
              loading={regions.isLoading}
              labels={['省份', '城市', '区县']}
              value={{ province: values.provinceCode, city: values.cityCode, district: '' }}
              onChange={(v) =>
                f.setValues({
                  provinceCode: v.province,
                  provinceName: nameOf(regions.data, v.province),
                  cityCode: v.city,
                  cityName: nameOf(regions.data?.find((p) => p.regionCode === v.province)?.items, v.city),
                })
              }
            />
            <TextInput label="地址" maxLength={ORG_LIMITS.address} {...f.getInputProps('address')} />
            <TextInput label={orgContactLabel(topLevel)} maxLength={ORG_LIMITS.contact} {...f.getInputProps('contact')} />
            <TextInput label="联系电话" maxLength={ORG_LIMITS.contactNumber} {...f.getInputProps('contactNumber')} />
            <TextInput label="邮箱" maxLength={ORG_LIMITS.email} {...f.getInputProps('email')} />
            <TextInput label="传真" maxLength={ORG_LIMITS.fax} {...f.getInputProps('fax')} />
          </SimpleGrid>
          <Checkbox.Group label="业务类型" {...f.getInputProps('bussinessType')}>
            <Group gap="lg" mt={6}>
              {ORG_BUSINESS_TYPES.map((t) => (
                <Checkbox key={t} value={t} label={t} />
              ))}
            </Group>
          </Checkbox.Group>
          {topLevel && (
            <Input.Wrapper label="营业执照副本" description="png、jpg 或 jpeg，不超过10M" error={licenseError}>
              <Stack gap={6} mt={6} maw={320}>
                <ImageDropzone
                  name="营业执照副本"
                  url={licenseUrl}
                  loading={stored.isLoading && !license}
                  accept={ORG_LICENSE_ACCEPT}
                  height={160}
                  openRef={openPicker}
                  onPick={(file) => void pick(file)}
                />
                <Group gap="xs">
                  <Button size="compact-xs" variant="light" onClick={() => openPicker.current?.()}>
                    {licenseUrl ? '更换' : '上传'}
                  </Button>
                  {license && (
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      color="gray"
                      onClick={() => {
                        setLicense(null);
                        setLicenseError(null);
                      }}
                    >
                      撤销
                    </Button>
                  )}
                  {license && (
                    <Text size="xs" c="orange">
                      待保存
                    </Text>
                  )}
                </Group>
              </Stack>
            </Input.Wrapper>
          )}
        </Stack>
      )}
    </SchemaFormBody>
  );
}

import { Alert, Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { AssetRow } from '@valuation/contracts';
import { AssetMsg, UNTYPED_ASSET } from '@valuation/domain';
import { useEffect, useState } from 'react';
import { failureMessage } from '../../../app/api/api-error';
import { useAssetTypeOptions, useSetAssetType } from '../api/assets-api';
import { UNTYPED_LABEL } from '../model/asset-list';

/** The asset-type assignment modal: one of the company's types, or none. */
export function AssetTypeModal({ asset, onClose }: { asset: AssetRow | null; onClose: () => void }) {
  const types = useAssetTypeOptions(asset !== null);
  const setType = useSetAssetType();
  const [value, setValue] = useState<string>(UNTYPED_ASSET);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (asset) {
      setValue(asset.assetType === null ? UNTYPED_ASSET : String(asset.assetType));
      setFailure(null);
    }
  }, [asset]);

  const options = [
    { value: UNTYPED_ASSET, label: UNTYPED_LABEL },
    ...(types.data ?? []).map((t) => ({ value: String(t.id), label: t.assetName })),
  ];

  const save = async () => {
    if (!asset) return;
    setFailure(null);
    try {
      await setType.mutateAsync({ id: asset.id, assetType: value === UNTYPED_ASSET ? null : Number(value) });
    } catch (error) {
      setFailure(failureMessage(error));
      return;
    }
    notifications.show({ color: 'green', message: AssetMsg.typeSet });
    onClose();
  };

  return (
    <Modal opened={asset !== null} onClose={onClose} title="设置资产类型" size={440} centered>
      <Stack gap="md">
        {asset && (
          <Text size="sm" c="dimmed">
            {asset.evalCode} · {asset.ha ?? asset.location ?? asset.cardAddress ?? asset.city}
          </Text>
        )}
        <Select
          label="资产类型"
          data={options}
          value={value}
          onChange={(v) => setValue(v ?? UNTYPED_ASSET)}
          allowDeselect={false}
          searchable={options.length > 8}
          disabled={types.isLoading}
          description={types.data?.length === 0 ? '尚未设置资产类型，可在「资产类型」页新增' : undefined}
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        {failure && (
          <Alert color="red" variant="light">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <Button onClick={() => void save()} loading={setType.isPending}>
            确定
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

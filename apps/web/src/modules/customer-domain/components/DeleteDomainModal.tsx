import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CustomerDomainView } from '@valuation/contracts';
import { CustomerDomainMsg } from '@valuation/domain';
import { useDeleteDomain } from '../api/customer-domain-api';

/** Asks before a domain application is deleted; the API client shows a failure. */
export function DeleteDomainModal({ row, onClose }: { row: CustomerDomainView | null; onClose: () => void }) {
  const remove = useDeleteDomain();
  const confirm = () => {
    if (!row) return;
    remove.mutate(row.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: CustomerDomainMsg.deleted });
        onClose();
      },
    });
  };
  return (
    <Modal opened={row !== null} onClose={() => !remove.isPending && onClose()} title="删除域名" centered size="sm">
      <Text size="sm">
        确定要删除{row?.companyName ? `「${row.companyName}」的` : ''}域名 {row?.domain}{' '}
        吗？删除后通过该域名访问将不再展示客户公司的网站配置。
      </Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={remove.isPending}>
          取消
        </Button>
        <Button color="red" loading={remove.isPending} onClick={confirm}>
          删除
        </Button>
      </Group>
    </Modal>
  );
}

import { Box } from '@mantine/core';

/** The red dot of an answer its requester has not opened yet; an empty space of the same size otherwise, so rows stay aligned. */
export function UnreadDot({ unread }: { unread: boolean }) {
  return (
    <Box
      component="span"
      display="inline-block"
      w={8}
      h={8}
      bg={unread ? 'red' : 'transparent'}
      style={{ borderRadius: '50%', flex: 'none' }}
      aria-label={unread ? '未读' : undefined}
      aria-hidden={unread ? undefined : true}
      title={unread ? '未读' : undefined}
    />
  );
}

import { Box } from '@mantine/core';

/** The red dot of an application this side has not opened since it changed. */
export function UnreadDot() {
  return (
    <Box
      component="span"
      display="inline-block"
      w={8}
      h={8}
      bg="red"
      style={{ borderRadius: '50%', flex: 'none' }}
      aria-label="未读"
      title="未读"
    />
  );
}

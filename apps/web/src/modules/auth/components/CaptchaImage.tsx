import { Box, Skeleton, UnstyledButton, Text } from '@mantine/core';

export interface CaptchaImageProps {
  src: string | undefined;
  loading: boolean;
  failed: boolean;
  onRefresh: () => void;
  width?: number;
  height?: number;
}

/** The captcha picture; a click (or Enter) loads a new one. */
export function CaptchaImage({ src, loading, failed, onRefresh, width = 120, height = 42 }: CaptchaImageProps) {
  if (loading) return <Skeleton width={width} height={height} radius="sm" />;
  if (failed || !src) {
    return (
      <UnstyledButton
        onClick={onRefresh}
        w={width}
        h={height}
        style={{ border: '1px dashed var(--mantine-color-gray-4)', borderRadius: 4, textAlign: 'center' }}
      >
        <Text size="xs" c="dimmed">
          加载失败，点击重试
        </Text>
      </UnstyledButton>
    );
  }
  return (
    <Box
      component="img"
      src={src}
      alt="验证码"
      title="看不清？点击换一张"
      tabIndex={0}
      w={width}
      h={height}
      onClick={onRefresh}
      onKeyDown={(e) => {
        if (e.key === 'Enter' || e.key === ' ') {
          e.preventDefault();
          onRefresh();
        }
      }}
      style={{ cursor: 'pointer', borderRadius: 4, border: '1px solid var(--mantine-color-gray-3)', flexShrink: 0, background: '#fff' }}
    />
  );
}

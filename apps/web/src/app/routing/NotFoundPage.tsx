import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../branding/use-document-title';

export function NotFoundPage({ home = '/' }: { home?: string }) {
  useDocumentTitle('页面不存在');
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm">
        <Title order={1} c="dimmed" fz={64}>
          404
        </Title>
        <Text c="dimmed">您访问的页面不存在</Text>
        <Button component={Link} to={home} variant="light">
          返回首页
        </Button>
      </Stack>
    </Center>
  );
}

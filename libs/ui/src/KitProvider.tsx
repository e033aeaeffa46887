import { DatesProvider } from '@mantine/dates';
import { ModalsProvider } from '@mantine/modals';
import 'dayjs/locale/zh-cn';
import type { ReactNode } from 'react';

/** What the kit needs above it, inside the MantineProvider: Chinese date pickers and the confirmation dialogs. */
export function KitProvider({ children }: { children: ReactNode }) {
  return (
    <DatesProvider settings={{ locale: 'zh-cn', firstDayOfWeek: 1 }}>
      <ModalsProvider labels={{ confirm: '确定', cancel: '取消' }}>{children}</ModalsProvider>
    </DatesProvider>
  );
}

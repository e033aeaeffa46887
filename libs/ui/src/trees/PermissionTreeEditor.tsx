import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { allPermissionIds, pageCheckState, togglePermission, type PermissionGroup } from './permission-tree';

export interface PermissionTreeEditorProps {
  /** The pages and their children the editor may grant (the catalogue filtered to the editor's own permissions). */
  groups: readonly PermissionGroup[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  disabled?: boolean;
  error?: string;
}

/** Children are laid out five to a row, as the spec's role editor shows them. */
const PER_ROW = 5;

/**
 * The permissions of a role as a two-level tree: a page box with its children's boxes under it.
 * A page checks or unchecks its children; a child checks its page; unchecking the last child
 * unchecks the page.
 */
export function PermissionTreeEditor({ groups, value, onChange, disabled, error }: PermissionTreeEditorProps) {
  const checked = useMemo(() => new Set(value), [value]);
  const toggle = (id: number, on: boolean) => onChange(togglePermission(groups, value, id, on).sort((a, b) => a - b));

  return (
    <Stack gap="sm">
      <Group gap="xs">
        <Button
          size="compact-sm"
          variant="light"
          disabled={disabled}
          onClick={() => onChange(allPermissionIds(groups).sort((a, b) => a - b))}
        >
          全选
        </Button>
        <Button size="compact-sm" variant="default" disabled={disabled} onClick={() => onChange([])}>
          清空
        </Button>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Group>
      {groups.map((g) => {
        const state = pageCheckState(g, checked);
        return (
          <Paper key={g.id} withBorder p="sm" radius="sm" role="group" aria-label={g.name}>
            <Checkbox
              label={
                <Text fw={600} size="sm">
                  {g.name}
                </Text>
              }
              checked={state === 'checked'}
              indeterminate={state === 'indeterminate'}
              disabled={disabled}
              onChange={(e) => toggle(g.id, e.currentTarget.checked)}
            />
            {g.children.length > 0 && (
              <SimpleGrid cols={PER_ROW} spacing="xs" verticalSpacing={6} mt="xs" pl="lg">
                {g.children.map((c) => (
                  <Checkbox
                    key={c.id}
                    size="sm"
                    label={c.name}
                    checked={checked.has(c.id)}
                    disabled={disabled}
                    onChange={(e) => toggle(c.id, e.currentTarget.checked)}
                  />
                ))}
              </SimpleGrid>
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}

import { Button, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { CityPicker } from '../../../app/regions/CityPicker';
import { useChannelCity } from '../../../app/regions/channel-city';
import { useLocatedCity } from '../../../app/regions/use-located-city';
import { stripCitySuffix } from '../../../app/session/valuation-session';
import { Icon } from './MenuIcon';

/** The channel header's city: a button naming the chosen city that opens the city picker; the choice is kept per account. */
export function ChannelCityPicker({ color }: { color: string }) {
  const { city, ready, choose } = useChannelCity();
  const [opened, setOpened] = useState(false);
  const { located, locating } = useLocatedCity('tenant', opened);
  if (!ready) return null;
  return (
    <>
      <Tooltip label="切换城市" withArrow>
        <Button
          variant="subtle"
          color={color === '#fff' ? '#ffffff' : 'dark'}
          c={color}
          size="compact-sm"
          leftSection={<Icon name="mapPin" size={16} />}
          aria-label={city ? `当前城市：${stripCitySuffix(city.regionName)}，切换城市` : '选择城市'}
          onClick={() => setOpened(true)}
        >
          {city ? stripCitySuffix(city.regionName) : '选择城市'}
        </Button>
      </Tooltip>
      <CityPicker
        population="tenant"
        opened={opened}
        onClose={() => setOpened(false)}
        onPick={(c) => {
          choose(c);
          setOpened(false);
        }}
        located={located}
        locating={locating}
        common={[]}
      />
    </>
  );
}

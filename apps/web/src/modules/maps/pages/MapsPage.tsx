import '../maps.css';
import { Alert, Box, Button, Divider, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CommunityPosition, NearbyCommunity, RegionItem } from '@valuation/contracts';
import { locatedText, ValuationMsg } from '@valuation/domain';
import L from 'leaflet';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { bd09ToTile, formatLonLat, parseLonLat, tileToBd09, type LonLat } from '../../../app/map/coord-convert';
import { centerIcon, escapeHtml, pinIcon } from '../../../app/map/marker-icons';
import { TILE_CONFIG } from '../../../app/map/tile-env';
import { TILES_FAILED_NOTE } from '../../../app/map/map-config';
import { useLeafletMap } from '../../../app/map/use-leaflet-map';
import { usePopupPortal } from '../../../app/map/use-popup-portal';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { PROPERTY_TYPE_NAMES, valuationSession, type ChosenCity } from '../../../app/session/valuation-session';
import { CityPicker } from '../../../app/regions/CityPicker';
import { useOpenedCities } from '../../../app/regions/city-api';
import { isCityNotOpened } from '../../../app/regions/opened-cities';
import { useLocatedCity } from '../../../app/regions/use-located-city';
import { useCommonCities } from '../../quickval/hooks/use-common-cities';
import { useRegionTreeFetcher } from '../../../app/regions/region-tree';
import { communitiesAtPoint, useNearbyCommunities } from '../api/maps-api';
import { filterCommunities } from '../../../app/community/community-search';
import { geocodeAddress } from '../../../app/community/geocode';
import { communityIcon } from '../components/community-marker-icon';
import { CommunityHoverCard } from '../components/CommunityHoverCard';
import { CommunitySearch } from '../../../app/community/CommunitySearch';
import { MapHint } from '../components/MapHint';
import { MarkedPointForm } from '../components/MarkedPointForm';
import { NearbyList } from '../components/NearbyList';
import { addressOfGpsCommunity, addressToStore } from '../lib/address-text';
import { dismissHint, shouldShowHint } from '../lib/hint-flag';
import { districtNamesOf, resolveInitialCentre } from '../lib/initial-centre';
import { DEFAULT_ZOOM, MapMsg } from '../lib/map-constants';
import { shouldReloadNearby } from '../lib/reload-rule';

interface MarkedPoint {
  /** bd09ll */
  point: LonLat;
  address: string;
  loading: boolean;
  /** How the point was found (已定位到：…), when the geocoder placed it. */
  note?: string;
}

/** The whole of China, shown until the starting point is known or when it cannot be found. */
const OVERVIEW: { center: L.LatLngExpression; zoom: number } = { center: [35.5, 104.5], zoom: 5 };

const PROPERTY_TYPE_OPTIONS = [11, 22, 21].map((code) => ({ value: String(code), label: PROPERTY_TYPE_NAMES[code] }));

const toLatLng = (point: LonLat) => {
  const p = bd09ToTile(point, TILE_CONFIG.datum);
  return L.latLng(p.lat, p.lon);
};
const fromLatLng = (latLng: L.LatLng) => tileToBd09({ lon: latLng.lng, lat: latLng.lat }, TILE_CONFIG.datum);

const samePoint = (a: LonLat, b: LonLat) => a.lon === b.lon && a.lat === b.lat;

/**
 * Route maps (`/org/maps`, params point and addressName): find a community or mark a point on the
 * map, then return to quick valuation with the community (isClick 1) or the point (isClick 2).
 */
export function MapsPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const routeLink = useRouteLink('org');
  const fetchRegionTree = useRegionTreeFetcher('user');
  const [city, setCity] = useState<ChosenCity | null>(() => valuationSession.city());
  const [pickerOpen, setPickerOpen] = useState(false);
  const { located, locating } = useLocatedCity('user', pickerOpen);
  const common = useCommonCities();
  const openedCities = useOpenedCities();
  const [propType, setPropType] = useState(() => valuationSession.propType());
  const [searchText, setSearchText] = useState('');

  const container = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [loadPoint, setLoadPoint] = useState<LonLat | null>(null);
  const [marked, setMarked] = useState<MarkedPoint | null>(null);
  const [searched, setSearched] = useState<{ point: LonLat; label: string } | null>(null);
  const [active, setActive] = useState<{ community: NearbyCommunity; at: L.LatLng } | null>(null);
  const [focusHaCode, setFocusHaCode] = useState<string | null>(null);
  const [showHint, setShowHint] = useState(() => shouldShowHint());

  const nearby = useNearbyCommunities(city?.cityCode, propType, loadPoint);
  const communities = useMemo(() => nearby.data?.items ?? [], [nearby.data]);
  const places = useMemo(() => communities.flatMap((c) => parseLonLat(c.location) ?? []), [communities]);
  const { map, tilesFailed } = useLeafletMap(
    container,
    { center: OVERVIEW.center, zoom: OVERVIEW.zoom },
    { cityCode: city?.cityCode, places },
  );

  const markPopup = usePopupPortal({ autoClose: false, closeOnClick: false, minWidth: 240, maxWidth: 280 });
  const communityMarkers = useRef(new Map<string, L.Marker>());
  const cardCloseTimer = useRef<number | undefined>(undefined);

  const hrefCommunity = routeLink('qvindex', { isClick: 1 });
  const hrefPoint = routeLink('qvindex', { isClick: 2 });

  const markPoint = useCallback(
    (point: LonLat, address?: string, note?: string) => {
      const known = address?.trim();
      if (known || !city) {
        setMarked({ point, address: known || MapMsg.noAddress, loading: false, note });
        return;
      }
      setMarked({ point, address: '', loading: true });
      void communitiesAtPoint(city.cityCode, point).then((items) =>
        setMarked((m) => (m && samePoint(m.point, point) ? { ...m, address: addressOfGpsCommunity(items[0]), loading: false } : m)),
      );
    },
    [city],
  );

  /* Opening view: the point param, the geocoded addressName, the chosen community, the marked point or the city. */
  useEffect(() => {
    if (!map) return;
    let cancelled = false;
    const addressName = params.get('addressName')?.trim();
    const pointParam = params.get('point');
    void resolveInitialCentre(
      {
        pointParam,
        addressName,
        matchedLabel: params.get('label'),
        community: valuationSession.community(),
        markedCoord: valuationSession.markedPoint(),
        cityName: city?.city,
      },
      {
        filter: (name) => (city ? filterCommunities(city.cityCode, name) : Promise.resolve(null)),
        districts: async () => (city ? districtNamesOf(await fetchRegionTree(), city.cityCode) : []),
        geocode: (address) => (city ? geocodeAddress(city.cityCode, address) : Promise.resolve(null)),
      },
    ).then((centre) => {
      if (cancelled) return;
      const addressMissed = Boolean(addressName && !parseLonLat(pointParam) && centre?.source !== 'address');
      if (addressMissed) notifications.show({ color: 'yellow', message: MapMsg.locateFailed });
      if (centre?.matched) notifications.show({ color: 'teal', message: locatedText(centre.matched) });
      if (centre) {
        map.setView(toLatLng(centre.point), DEFAULT_ZOOM);
        if (centre.source === 'point' || centre.source === 'address' || centre.source === 'marked')
          markPoint(centre.point, centre.label, centre.matched ? locatedText(centre.matched) : undefined);
        if (centre.source === 'community' && centre.label) {
          setSearched({ point: centre.point, label: centre.label });
          setFocusHaCode(centre.haCode ?? null);
        }
      } else if (city && !addressMissed) {
        notifications.show({ color: 'yellow', message: MapMsg.locateFailed });
      }
      setReady(true);
    });
    return () => {
      cancelled = true;
    };
    // Runs once per map: later param changes do not move a map the user has panned.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map]);

  /** The city the user picks here: kept for quick valuation too, the map moves to it and what was marked in the old city is dropped. */
  function chooseCity(item: RegionItem) {
    const next = { city: item.regionName, cityCode: item.regionCode };
    setPickerOpen(false);
    common.remember(item);
    if (isCityNotOpened(openedCities.data, item.regionCode)) notifications.show({ color: 'yellow', message: ValuationMsg.cityNotOpened });
    if (city?.cityCode === item.regionCode) return;
    valuationSession.setCity(next);
    valuationSession.setCommunity(null);
    valuationSession.setMarkedPoint(null);
    setCity(valuationSession.city() ?? next);
    setMarked(null);
    setSearched(null);
    setActive(null);
    setSearchText('');
    if (!map) return;
    void resolveInitialCentre(
      { cityName: next.city },
      {
        filter: (name) => filterCommunities(next.cityCode, name),
        districts: async () => districtNamesOf(await fetchRegionTree(), next.cityCode),
        geocode: (address) => geocodeAddress(next.cityCode, address),
      },
    ).then((centre) => {
      if (centre) map.setView(toLatLng(centre.point), DEFAULT_ZOOM);
      else notifications.show({ color: 'yellow', message: MapMsg.locateFailed });
      setReady(true);
    });
  }

  /* Nearby communities follow the map centre, reloaded only after a move of more than 800 m. */
  useEffect(() => {
    if (!map || !ready) return;
    const update = () => {
      const centre = fromLatLng(map.getCenter());
      setLoadPoint((last) => (shouldReloadNearby(last, centre) ? centre : last));
    };
    update();
    map.on('moveend', update);
    return () => {
      map.off('moveend', update);
    };
  }, [map, ready]);

  const latest = useRef({ markPoint, ready });
  latest.current = { markPoint, ready };

  /* A click on the map marks a point. */
  useEffect(() => {
    if (!map) return;
    const onClick = (e: L.LeafletMouseEvent) => {
      setActive(null);
      if (latest.current.ready) latest.current.markPoint(fromLatLng(e.latlng));
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map]);

  /* The marked point's pin and its popup. */
  const markedPoint = marked?.point;
  useEffect(() => {
    if (!map || !markedPoint) return;
    const marker = L.marker(toLatLng(markedPoint), { icon: pinIcon(), zIndexOffset: 2000 }).addTo(map);
    marker.bindPopup(markPopup.popup).openPopup();
    return () => {
      marker.remove();
    };
  }, [map, markedPoint, markPopup]);

  useEffect(() => {
    if (markPopup.popup.isOpen()) markPopup.popup.update();
  }, [marked?.loading, marked?.address, marked?.note, markPopup]);

  /* The place chosen in the search box. */
  useEffect(() => {
    if (!map || !searched) return;
    const marker = L.marker(toLatLng(searched.point), { icon: centerIcon(), zIndexOffset: -1000, keyboard: false })
      .bindTooltip(escapeHtml(searched.label), { direction: 'top', offset: [0, -12] })
      .addTo(map);
    return () => {
      marker.remove();
    };
  }, [map, searched]);

  const cancelCardClose = useCallback(() => window.clearTimeout(cardCloseTimer.current), []);
  const closeCardSoon = useCallback(() => {
    window.clearTimeout(cardCloseTimer.current);
    cardCloseTimer.current = window.setTimeout(() => setActive(null), 300);
  }, []);
  useEffect(() => () => window.clearTimeout(cardCloseTimer.current), []);

  const showCard = useCallback((community: NearbyCommunity) => {
    const marker = communityMarkers.current.get(community.haCode);
    if (!marker) return;
    window.clearTimeout(cardCloseTimer.current);
    setActive({ community, at: marker.getLatLng() });
  }, []);

  /* Nearby community markers with hover cards. */
  const showCardRef = useRef(showCard);
  showCardRef.current = showCard;
  useEffect(() => {
    if (!map) return;
    const layer = L.layerGroup().addTo(map);
    const markers = communityMarkers.current;
    markers.clear();
    for (const community of communities) {
      const at = parseLonLat(community.location);
      if (!at) continue;
      const marker = L.marker(toLatLng(at), { icon: communityIcon(community), riseOnHover: true, keyboard: false });
      marker.on('mouseover', () => showCardRef.current(community));
      marker.on('click', () => showCardRef.current(community));
      marker.on('mouseout', closeCardSoon);
      marker.addTo(layer);
      markers.set(community.haCode, marker);
    }
    setActive(null);
    return () => {
      layer.remove();
      markers.clear();
    };
  }, [map, communities, closeCardSoon]);

  /* The class is toggled on the element: replacing the icon would end the hover that opened the card. */
  useEffect(() => {
    for (const [haCode, marker] of communityMarkers.current) {
      const element = marker.getElement();
      if (element) L.DomUtil[haCode === active?.community.haCode ? 'addClass' : 'removeClass'](element, 'is-active');
    }
  }, [communities, active]);

  /*
   * After a search or on arrival with a chosen community, show its card once the list holding it
   * is loaded; a drag, a click on the map or another property type gives up waiting.
   */
  useEffect(() => {
    if (!focusHaCode || nearby.isFetching || nearby.isPlaceholderData) return;
    const community = communities.find((c) => c.haCode === focusHaCode);
    if (!community) return;
    showCard(community);
    setFocusHaCode(null);
  }, [focusHaCode, communities, nearby.isFetching, nearby.isPlaceholderData, showCard]);

  useEffect(() => {
    if (!map) return;
    const giveUp = () => setFocusHaCode(null);
    map.on('dragstart click', giveUp);
    return () => {
      map.off('dragstart click', giveUp);
    };
  }, [map]);

  /* From the side list: bring the community into view, then show its card. */
  const revealCommunity = (community: NearbyCommunity) => {
    const marker = communityMarkers.current.get(community.haCode);
    if (!map || !marker) return;
    if (!map.getBounds().pad(-0.15).contains(marker.getLatLng())) map.panTo(marker.getLatLng());
    showCard(community);
  };

  const pickSearched = (position: CommunityPosition) => {
    if (!map || position.lon === null || position.lat === null) return;
    const point = { lon: position.lon, lat: position.lat };
    setSearched({ point, label: position.haName });
    setFocusHaCode(position.haCode);
    map.setView(toLatLng(point), DEFAULT_ZOOM);
  };

  /** Text no community matches: the geocoder places it and the point is marked for the user to confirm or move. */
  const locateText = async (text: string) => {
    const address = text.trim();
    const place = city && map ? await geocodeAddress(city.cityCode, address).catch(() => null) : null;
    if (!place || !map) {
      notifications.show({ color: 'yellow', message: MapMsg.placeNotFound });
      return;
    }
    setSearched(null);
    setFocusHaCode(null);
    setActive(null);
    map.setView(toLatLng(place.point), DEFAULT_ZOOM);
    markPoint(place.point, address, locatedText(place.label));
    notifications.show({ color: 'teal', message: locatedText(place.label) });
  };

  const changePropType = (value: string) => {
    const code = Number(value);
    setPropType(code);
    setFocusHaCode(null);
    valuationSession.setPropType(code);
  };

  const selectCommunity = (community: NearbyCommunity) => {
    if (!hrefCommunity) return;
    valuationSession.setPropType(propType);
    valuationSession.setCommunity({ haCode: community.haCode, haName: community.haName, haAddress: community.address });
    valuationSession.setMarkedPoint(null);
    navigate(hrefCommunity);
  };

  const evaluatePoint = () => {
    if (!hrefPoint || !marked) return;
    valuationSession.setPropType(propType);
    valuationSession.setMarkedPoint({ coord: formatLonLat(marked.point), address: addressToStore(marked.address) });
    valuationSession.setCommunity(null);
    navigate(hrefPoint);
  };

  const closeHint = () => {
    dismissHint();
    setShowHint(false);
  };

  return (
    <Box
      style={{
        display: 'flex',
        gap: 'var(--mantine-spacing-md)',
        height: 'calc(100dvh - var(--app-shell-header-offset, 60px) - 2 * var(--mantine-spacing-lg))',
        minHeight: 480,
      }}
    >
      <Paper withBorder radius="md" p="md" w={300} style={{ flexShrink: 0, display: 'flex', flexDirection: 'column' }}>
        <Stack gap="sm" style={{ flex: 1, minHeight: 0 }}>
          <div>
            <Title order={4}>地图定位</Title>
            <Group gap={6} mt={4} wrap="nowrap">
              <Text size="sm" c="dimmed">
                当前城市
              </Text>
              <Button variant="default" size="xs" onClick={() => setPickerOpen(true)} aria-label="选择城市">
                {city?.city ?? '选择城市'} ▾
              </Button>
            </Group>
          </div>
          {!city && (
            <Alert color="yellow" variant="light" p="xs">
              <Text size="sm">{MapMsg.cityMissing}</Text>
            </Alert>
          )}
          <div>
            <Text size="sm" fw={500} mb={4}>
              物业类型
            </Text>
            <SegmentedControl fullWidth size="sm" data={PROPERTY_TYPE_OPTIONS} value={String(propType)} onChange={changePropType} />
          </div>
          <CommunitySearch
            label="小区/地址"
            cityCode={city?.cityCode}
            value={searchText}
            onChange={setSearchText}
            requireLocation
            onPick={pickSearched}
            onEnter={(matches) => {
              if (!matches) return;
              if (matches[0]) pickSearched(matches[0]);
              else void locateText(searchText);
            }}
          />
          <Divider />
          <NearbyList
            items={communities}
            loading={nearby.isFetching}
            loaded={nearby.isSuccess}
            activeHaCode={active?.community.haCode}
            onShow={revealCommunity}
          />
        </Stack>
      </Paper>

      {/* Its own stacking context: the hint, the tile note and the hover card stay under every overlay. */}
      <Paper withBorder radius="md" style={{ flex: 1, position: 'relative', overflow: 'hidden', isolation: 'isolate' }}>
        <div ref={container} className="vmap-container" style={{ position: 'absolute', inset: 0 }} />
        {showHint && <MapHint onDismiss={closeHint} />}
        {tilesFailed && <div className="vmap-tile-note">{TILES_FAILED_NOTE}，仍可点击地图标注位置</div>}
        {map && active && (
          <CommunityHoverCard
            map={map}
            community={active.community}
            at={active.at}
            onSelect={hrefCommunity ? () => selectCommunity(active.community) : undefined}
            onMouseEnter={cancelCardClose}
            onMouseLeave={closeCardSoon}
          />
        )}
      </Paper>

      <CityPicker
        population="user"
        opened={pickerOpen}
        onClose={() => setPickerOpen(false)}
        onPick={chooseCity}
        located={located}
        locating={locating}
        common={common.cities}
        openedCities={openedCities.data}
      />

      {marked &&
        createPortal(
          <MarkedPointForm
            address={marked.address}
            loading={marked.loading}
            note={marked.note}
            onAddressChange={(address) => setMarked((m) => (m ? { ...m, address } : m))}
            onEvaluate={hrefPoint ? evaluatePoint : undefined}
          />,
          markPopup.element,
        )}
    </Box>
  );
}

import { Alert, Anchor, Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { CommunityPosition, EvalType, RegionItem } from '@valuation/contracts';
import { GeoMsg, joinPlaceAddress, locatedText, Msg, Perm, ValuationMsg } from '@valuation/domain';
import { PageSection } from '@valuation/ui';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '../../../app/api/api-error';
import { useRouteLink } from '../../../app/routing/use-route-link';
import { useGrantedPermissions } from '../../../app/session/session-queries';
import { PROPERTY_TYPE_NAMES, valuationSession, type ChosenCity } from '../../../app/session/valuation-session';
import { CommunitySearch } from '../../../app/community/CommunitySearch';
import { communitySearchKeys, filterCommunities } from '../../../app/community/community-search';
import { geocodeAddress, type GeocodedPlace } from '../../../app/community/geocode';
import { formatLonLat } from '../../../app/map/coord-convert';
import { useBusinessTypes, useCommunitiesNearPoint, useDictionaries, useEvalFields, useRapidValuation } from '../api/quickval-api';
import { CityPicker } from '../../../app/regions/CityPicker';
import { useOpenedCities } from '../../../app/regions/city-api';
import { isCityNotOpened } from '../../../app/regions/opened-cities';
import { FeatureForm } from '../components/FeatureForm';
import { MarketPrices } from '../components/MarketPrices';
import { ManualEnquiryModal, type ManualEnquirySource } from '../../manual-enquiry/components/ManualEnquiryModal';
import { AgencyRequestModal } from '../../agency/components/AgencyRequestModal';
import type { AgencyHouseInfo } from '../../agency/model/agency-request';
import { useCommonCities } from '../hooks/use-common-cities';
import { useLocatedCity } from '../../../app/regions/use-located-city';
import {
  clearsArea,
  EMPTY_VALUES,
  allProblems,
  PRECISE_FIELDS,
  toValuationRequest,
  withPropType,
  type FormField,
  type ValuationContext,
  type ValuationFormValues,
  type ValuationSubject,
} from '../model/valuation-form';

const PROPERTY_TYPES = [11, 22, 21] as const;

function subjectFromSession(isClick: string | null): ValuationSubject | null {
  if (isClick === '1') {
    const community = valuationSession.community();
    return community ? { kind: 'community', community } : null;
  }
  if (isClick === '2') {
    const point = valuationSession.markedPoint();
    return point ? { kind: 'point', point } : null;
  }
  return null;
}

function subjectTitle(subject: ValuationSubject): { name: string; address: string } {
  return subject.kind === 'community'
    ? { name: subject.community.haName, address: subject.community.haAddress }
    : { name: '地图标记位置', address: subject.point.address || subject.point.coord };
}

/** Route quickval / qvindex: choose a property, describe it and value its price or rent. */
export function QuickValuationPage() {
  const navigate = useNavigate();
  const link = useRouteLink('org');
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const { granted } = useGrantedPermissions('user');
  const { located, locating } = useLocatedCity('user');
  const common = useCommonCities();
  const openedCities = useOpenedCities();

  const [city, setCity] = useState<ChosenCity | null>(() => valuationSession.city());
  const [pickerOpen, setPickerOpen] = useState(false);
  const [propType, setPropType] = useState(() => valuationSession.propType());
  const [subject, setSubject] = useState<ValuationSubject | null>(() => subjectFromSession(search.get('isClick')));
  const [address, setAddress] = useState(() => (subject ? subjectTitle(subject).name : ''));
  const [addressError, setAddressError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<CommunityPosition | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [noMatch, setNoMatch] = useState(false);
  /** Where the geocoder placed the typed address that matched no community (null: it could not). */
  const [placed, setPlaced] = useState<GeocodedPlace | null>(null);
  const [notFound, setNotFound] = useState(false);
  const [preciseOpen, setPreciseOpen] = useState(false);
  const [enquiry, setEnquiry] = useState<{ source: ManualEnquirySource } | null>(null);
  const [agencyHouse, setAgencyHouse] = useState<AgencyHouseInfo | null>(null);

  const dicts = useDictionaries();
  const business = useBusinessTypes();
  const fields = useEvalFields();
  const rapid = useRapidValuation();
  const form = useForm<ValuationFormValues>({ mode: 'controlled', initialValues: EMPTY_VALUES });

  const pointCommunities = useCommunitiesNearPoint(city?.cityCode, subject?.kind === 'point' ? subject.point.coord : undefined);
  const priceCommunity = subject?.kind === 'community' ? subject.community.haCode : pointCommunities.data?.items[0]?.haCode;

  /*
   * A city: the one chosen earlier in this tab, else the located one, else the first common city;
   * else the picker opens, with the opened cities of the service scope first (it can be closed).
   */
  useEffect(() => {
    if (city) return;
    const fallback = located ?? common.cities[0] ?? null;
    if (fallback) chooseCity(fallback, false);
    else if (!locating) setPickerOpen(true);
    // Only the arrival of a located city (or its failure) chooses one; a later choice is the user's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [located, locating]);

  function chooseCity(item: RegionItem, remember = true) {
    const next = { city: item.regionName, cityCode: item.regionCode };
    valuationSession.setCity(next);
    setCity(valuationSession.city() ?? next);
    if (remember) common.remember(item);
    setPickerOpen(false);
    if (remember && isCityNotOpened(openedCities.data, item.regionCode))
      notifications.show({ color: 'yellow', message: ValuationMsg.cityNotOpened });
    if (city && city.cityCode !== item.regionCode) reset();
  }

  function choosePropType(value: number) {
    valuationSession.setPropType(value);
    form.setValues(withPropType(form.getValues(), value, propType));
    setPropType(value);
  }

  function reset() {
    setSubject(null);
    setChosen(null);
    setAddress('');
    setAddressError(null);
    form.reset();
    setPreciseOpen(false);
    valuationSession.setCommunity(null);
    valuationSession.setMarkedPoint(null);
  }

  function enter(position: CommunityPosition) {
    const community = {
      haCode: position.haCode,
      haName: position.haName,
      haAddress: joinPlaceAddress([position.distName, position.mainStreet]),
    };
    valuationSession.setCommunity(community);
    valuationSession.setMarkedPoint(null);
    setSubject({ kind: 'community', community });
    setAddress(position.haName);
  }

  async function confirm() {
    if (!city) {
      setPickerOpen(true);
      return notifications.show({ color: 'red', message: ValuationMsg.cityUnknown });
    }
    const text = address.trim();
    if (!text) return setAddressError(ValuationMsg.addressRequired);
    if (chosen && chosen.haName === text) return enter(chosen);
    setConfirming(true);
    try {
      const result = await queryClient.fetchQuery({
        queryKey: communitySearchKeys.filter(city.cityCode, text),
        queryFn: ({ signal }) => filterCommunities(city.cityCode, text, signal),
        staleTime: 60_000,
      });
      const positions = result?.position ?? [];
      const match = positions.find((p) => p.haName === text) ?? (positions.length === 1 ? positions[0] : undefined);
      if (match) return enter(match);
      const mayLocate = granted.has(Perm.mapPositioning) && !isCityNotOpened(openedCities.data, city.cityCode);
      setPlaced(mayLocate ? await geocodeAddress(city.cityCode, text).catch(() => null) : null);
      setNoMatch(true);
    } catch (error) {
      if (isApiError(error) && error.kind === 'response')
        notifications.show({ color: 'red', message: `${Msg.errorPrefix}${error.message}` });
    } finally {
      setConfirming(false);
    }
  }

  /** The valuation context when the form passes the checks; otherwise shows the first problem and gives null. */
  function checkedContext(): ValuationContext | null {
    if (!city || !subject) return null;
    const businessName = business.data?.find((b) => String(b.id) === form.getValues().businessTypeId)?.businessName;
    const ctx = { city, propType, subject, businessName };
    form.clearErrors();
    const problems = allProblems(form.getValues(), ctx, fields.data);
    if (problems.length === 0) return ctx;
    for (const problem of problems) {
      if (problem.field === 'city') {
        setPickerOpen(true);
        notifications.show({ color: 'red', message: problem.message });
      } else if (problem.field === 'address') {
        notifications.show({ color: 'red', message: problem.message });
      } else {
        if (clearsArea(problem)) form.setFieldValue('bldgArea', '');
        if (PRECISE_FIELDS.includes(problem.field as FormField)) setPreciseOpen(true);
        form.setFieldError(problem.field, problem.message);
      }
    }
    return null;
  }

  async function value(evalType: EvalType) {
    const ctx = checkedContext();
    if (!ctx) return;
    // A marked point with no community near it has nothing to value: say so without asking the server.
    if (ctx.subject.kind === 'point' && pointCommunities.data?.items.length === 0) {
      setNotFound(true);
      return;
    }
    try {
      const result = await rapid.mutateAsync({ evalType, body: toValuationRequest(form.getValues(), ctx) });
      const to = link('valreport', { evalCode: result.evalCode, state: result.state });
      if (to) navigate(to);
    } catch (error) {
      if (!isApiError(error) || error.kind !== 'response') return;
      if (error.code === 402) setNotFound(true);
      else notifications.show({ color: 'red', message: `${Msg.errorPrefix}${error.message}` });
    }
  }

  /** Opens the manual enquiry with the house information of the form (or the typed address when no community matched). */
  function enquire(typedOnly = false) {
    if (!city) {
      setPickerOpen(true);
      return notifications.show({ color: 'red', message: ValuationMsg.cityUnknown });
    }
    const typed = address.trim();
    const houseInfo =
      subject && !typedOnly
        ? { ...toValuationRequest(form.getValues(), { city, propType, subject, businessName: undefined }), cityCode: city.cityCode }
        : { cityCode: city.cityCode, cityName: city.city, propType, haInfo: { haCode: '', haName: typed }, cardAddress: '' };
    if (!typed && !subject) return setAddressError(ValuationMsg.addressRequired);
    setNoMatch(false);
    setNotFound(false);
    setEnquiry({ source: { kind: 'house', houseInfo } });
  }

  /** Opens the institution valuation with the house information of the checked form (evaluation type 3 of the spec). */
  function orderAgency() {
    const ctx = checkedContext();
    if (!ctx) return;
    setAgencyHouse({ ...toValuationRequest(form.getValues(), ctx), cityCode: ctx.city.cityCode });
  }

  const typedAddress = address.trim();
  /* The map opens on the geocoded point with its marker, or on the typed address for the map to look up again. */
  const mapHref = link(
    'maps',
    placed
      ? { point: formatLonLat(placed.point), addressName: typedAddress, label: placed.label }
      : typedAddress
        ? { addressName: typedAddress }
        : undefined,
  );
  const title = subject ? subjectTitle(subject) : null;
  const mayValueSale = granted.has(Perm.saleValuation);
  const mayValueRent = granted.has(Perm.rentValuation);
  const mayEnquire = granted.has(Perm.manualEnquiry);
  const mayOrderAgency = granted.has(Perm.agencyValuation);
  const nearName = subject?.kind === 'point' ? pointCommunities.data?.items[0]?.haName : undefined;
  const typeLabel = PROPERTY_TYPE_NAMES[propType];
  const notOpened = isCityNotOpened(openedCities.data, city?.cityCode);
  /* What the no-match prompt says: an uncovered city says so rather than that no community was found. */
  const noMatchText = notOpened ? `${ValuationMsg.cityNotOpened}，` : ValuationMsg.noCommunity;

  return (
    <Stack gap="lg" maw={1100}>
      <PageSection title="快速估价">
        <Stack gap="md">
          <Group gap="xl">
            <Radio.Group value={String(propType)} onChange={(v) => choosePropType(Number(v))} label="物业类型">
              <Group gap="lg" mt={6}>
                {PROPERTY_TYPES.map((t) => (
                  <Radio key={t} value={String(t)} label={PROPERTY_TYPE_NAMES[t]} />
                ))}
              </Group>
            </Radio.Group>
          </Group>
          {subject && title ? (
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={2}>
                <Text fw={600} fz="xl">
                  {title.name}
                  <Text span c="dimmed" fz="sm" ml="sm">
                    {city?.city} · {typeLabel}
                  </Text>
                </Text>
                <Text size="sm" c="dimmed">
                  {title.address}
                  {nearName ? `（附近小区：${nearName}）` : ''}
                </Text>
              </Stack>
              <Anchor component="button" type="button" onClick={reset}>
                更换房产
              </Anchor>
            </Group>
          ) : (
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Button variant="default" size="md" onClick={() => setPickerOpen(true)} miw={110} aria-label="选择城市">
                {city?.city ?? '选择城市'} ▾
              </Button>
              <CommunitySearch
                cityCode={city?.cityCode}
                value={address}
                onChange={(v) => {
                  setAddress(v);
                  setAddressError(null);
                }}
                onPick={setChosen}
                onEnter={() => void confirm()}
                placeholder="请输入小区名称或证载地址"
                error={addressError}
                size="md"
              />
              <Button size="md" onClick={() => void confirm()} loading={confirming}>
                确定
              </Button>
            </Group>
          )}
        </Stack>
      </PageSection>

      {subject && city && (
        <>
          <MarketPrices cityCode={city.cityCode} haCode={priceCommunity} propType={propType} />
          <PageSection title="房产信息">
            <Stack gap="lg">
              <FeatureForm
                form={form}
                propType={propType}
                fields={fields.data}
                dicts={dicts.data}
                businessTypes={business.data}
                preciseOpen={preciseOpen}
                onTogglePrecise={() => setPreciseOpen((o) => !o)}
              />
              <Group gap="md">
                {mayValueSale && (
                  <Button
                    size="md"
                    onClick={() => void value(1)}
                    loading={rapid.isPending && rapid.variables?.evalType === 1}
                    disabled={rapid.isPending}
                  >
                    自动估售价
                  </Button>
                )}
                {mayValueRent && (
                  <Button
                    size="md"
                    variant="light"
                    onClick={() => void value(2)}
                    loading={rapid.isPending && rapid.variables?.evalType === 2}
                    disabled={rapid.isPending}
                  >
                    自动估租金
                  </Button>
                )}
                {mayOrderAgency && (
                  <Button size="md" variant="outline" onClick={orderAgency}>
                    机构估价
                  </Button>
                )}
                {mayEnquire && (
                  <Button size="md" variant="outline" onClick={() => enquire()}>
                    人工询价
                  </Button>
                )}
                {!mayValueSale && !mayValueRent && <Text c="dimmed">您未开通自动估价权限</Text>}
              </Group>
            </Stack>
          </PageSection>
        </>
      )}

      <CityPicker
        population="user"
        opened={pickerOpen}
        onClose={() => setPickerOpen(false)}
        onPick={(c) => chooseCity(c)}
        located={located}
        locating={locating}
        common={common.cities}
        openedCities={openedCities.data}
      />

      <Modal opened={noMatch} onClose={() => setNoMatch(false)} title="提示" centered>
        <Stack>
          {granted.has(Perm.mapPositioning) ? (
            <>
              <Text>
                {noMatchText}
                {notOpened
                  ? '您可以发起人工询价。'
                  : placed
                    ? `${locatedText(placed.label)}，请在地图上确认房产位置后进行估价。`
                    : GeoMsg.locationFailed}
              </Text>
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setNoMatch(false)}>
                  取消
                </Button>
                {mayEnquire && (
                  <Button variant="light" onClick={() => enquire(true)}>
                    人工询价
                  </Button>
                )}
                {mapHref && !notOpened && (
                  <Button onClick={() => navigate(mapHref)} aria-label="地图定位">
                    地图定位
                  </Button>
                )}
              </Group>
            </>
          ) : (
            <>
              <Text>
                {granted.has(Perm.manualEnquiry)
                  ? notOpened
                    ? ValuationMsg.cityNotOpened
                    : ValuationMsg.noCommunity
                  : ValuationMsg.noEnquiryOrMapRights}
              </Text>
              <Group justify="flex-end">
                {mayEnquire ? (
                  <>
                    <Button variant="default" onClick={() => setNoMatch(false)}>
                      取消
                    </Button>
                    <Button onClick={() => enquire(true)}>人工询价</Button>
                  </>
                ) : (
                  <Button onClick={() => setNoMatch(false)}>确定</Button>
                )}
              </Group>
            </>
          )}
        </Stack>
      </Modal>

      <Modal opened={notFound} onClose={() => setNotFound(false)} title="提示" centered>
        <Stack>
          <Alert color="orange" variant="light">
            {ValuationMsg.noPropertyFound}
          </Alert>
          <Group justify="flex-end">
            {mayEnquire && (
              <Button variant="light" onClick={() => enquire()}>
                人工询价
              </Button>
            )}
            <Button onClick={() => setNotFound(false)}>确定</Button>
          </Group>
        </Stack>
      </Modal>
      <ManualEnquiryModal
        opened={enquiry !== null}
        onClose={() => setEnquiry(null)}
        source={enquiry?.source ?? null}
        evalType={mayValueSale || !mayValueRent ? 1 : 2}
      />
      <AgencyRequestModal
        opened={agencyHouse !== null}
        onClose={() => setAgencyHouse(null)}
        houseInfo={agencyHouse}
        evalType={mayValueSale || !mayValueRent ? 1 : 2}
      />
    </Stack>
  );
}

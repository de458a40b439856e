import { zodResolver } from '@hookform/resolvers/zod';
import { activityCategories, ActivityInput, MAX_ACTIVITY_CAPACITY, MAX_ACTIVITY_IMAGES, MAX_WEEKLY_REPEATS } from '@localloop/contract';
import type { Place } from '@localloop/contract';
import dayjs from 'dayjs';
import { MapPin } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { FormAlert } from '../../components/form-alert.tsx';
import { described, FormActions, FormSection, LabelledField } from '../../components/form-parts.tsx';
import { fieldOfPath, formProblems, withFormFields } from '../../components/form-problems.ts';
import type { PageProps } from '../../components/page-props.ts';
import { PicturesField, type Picture } from '../../components/pictures-field.tsx';
import { PlaceSearch } from '../../components/place-search.tsx';
import type { PlaceFinder, PlaceSuggestion } from '../../components/place-search.tsx';
import { applyServerError } from '../../components/server-errors.ts';
import { TextField, inputClass } from '../../components/text-field.tsx';
import { toast } from '../../lib/toast.ts';
import { paths, to } from '../../paths.ts';
import { useStoredLocation, useUserLocation } from '../../session/user-location.ts';
import type { StoredLocation } from '../../session/user-location.ts';
import { useCreateActivity } from './api/create-activity.ts';

/** What the inputs hold: text, as a person types it; the schema below turns it into an ActivityInput. */
const FormValues = z.object({
  title: z.string(),
  description: z.string(),
  category: z.string(),
  image_ids: z.array(z.string()),
  starts_at: z.string(),
  ends_at: z.string(),
  address: z.string(),
  capacity: z.string(),
  join_mode: z.string(),
  visibility: z.string(),
  repeat_weekly: z.string(),
});
type FormInput = z.input<typeof FormValues>;
type FormField = keyof FormInput;
type ActivityBody = z.output<typeof ActivityInput>;

const formFields = Object.keys(FormValues.shape) as FormField[];
const localFormat = 'YYYY-MM-DDTHH:mm';

/** The form field a contract path (or a server `fields` key such as "location.formatted_address", "image_ids.0") belongs under. */
const formFieldOf = (path: readonly PropertyKey[] | string) => fieldOfPath(formFields, path, { location: 'address' });

/** Where the activity sits on the map: a place the host found, else their chosen area. */
type ActivityPoint = { city: string; latitude: number; longitude: number };

// A place without a town (a Google result far out) is named by its address, within the contract's 120 characters.
const areaPoint = (area: StoredLocation): ActivityPoint => ({ city: (area.city || area.formattedAddress).slice(0, 120), latitude: area.latitude, longitude: area.longitude });
const placePoint = (place: Place): ActivityPoint => ({ city: (place.city.trim() || place.formatted_address).slice(0, 120), latitude: place.latitude, longitude: place.longitude });

/**
 * The form's schema: the inputs turned into an ActivityInput (times read in the browser's zone, the point the host
 * found or their chosen area) and checked by the contract's own ActivityInput, its messages under their fields.
 */
function activityFormSchema(point: ActivityPoint) {
  return FormValues.transform((v, ctx): ActivityBody => {
    const { problem, check } = formProblems(formFieldOf);
    const instant = (field: 'starts_at' | 'ends_at', missing: string) => {
      const local = v[field] === '' ? null : dayjs(v[field]);
      if (!local?.isValid()) {
        problem(field, missing);
        return '';
      }
      return local.toISOString();
    };
    const startsAt = instant('starts_at', 'Choose when the activity starts.');
    if (startsAt !== '' && Date.parse(startsAt) <= Date.now()) problem('starts_at', 'The start must be in the future.');
    const capacityText = v.capacity.trim();
    let capacity: number | null = null;
    if (capacityText !== '') {
      if (/^\d{1,6}$/.test(capacityText)) capacity = Number(capacityText);
      else problem('capacity', 'Use a whole number, or leave it empty for no limit.');
    }
    const candidate = {
      title: v.title,
      description: v.description,
      category: v.category,
      image_ids: v.image_ids,
      starts_at: startsAt,
      ends_at: instant('ends_at', 'Choose when the activity ends.'),
      location: { formatted_address: v.address, city: point.city, latitude: point.latitude, longitude: point.longitude },
      capacity,
      join_mode: v.join_mode,
      visibility: v.visibility,
      repeat_weekly: Number(v.repeat_weekly),
    };
    return check(ActivityInput, candidate, ctx);
  });
}

/** A new activity starts at the next full hour tomorrow and lasts two hours. */
const defaultStart = () => dayjs().add(1, 'day').add(1, 'hour').startOf('hour');

function Choice({ name, value, label, detail, register }: { name: 'join_mode' | 'visibility'; value: string; label: string; detail: string; register: ReturnType<typeof useForm<FormInput, unknown, ActivityBody>>['register'] }) {
  return (
    <label className="flex min-w-0 cursor-pointer items-start gap-3 rounded-xl border border-slate-200 p-3 has-checked:border-teal-600 has-checked:bg-teal-50/50">
      <input type="radio" value={value} className="mt-1 accent-teal-700" {...register(name)} />
      <span className="min-w-0">
        <span className="block text-sm font-medium text-slate-900">{label}</span>
        <span className="block text-xs text-slate-600">{detail}</span>
      </span>
    </label>
  );
}

type PlaceProps = { places: PlaceFinder; placesLoading: boolean };

function ActivityForm({ places, placesLoading }: PlaceProps) {
  const id = useId();
  const navigate = useNavigate();
  const create = useCreateActivity();
  const place = useUserLocation();
  const chosen = useStoredLocation();
  const [pictures, setPictures] = useState<Picture[]>([]);
  const [uploading, setUploading] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  // The place the host found (null: their chosen area), and a place still being looked up.
  const [found, setFound] = useState<Place | null>(null);
  const [resolving, setResolving] = useState(false);
  const choosing = useRef(0);
  const filledAddress = useRef(chosen?.formattedAddress ?? '');
  const schema = useMemo(() => activityFormSchema(found ? placePoint(found) : areaPoint(place)), [found, place]);
  const areaName = place.formattedAddress || place.city;
  const start = defaultStart();
  const form = useForm<FormInput, unknown, ActivityBody>({
    resolver: zodResolver(schema),
    defaultValues: {
      title: '',
      description: '',
      category: activityCategories[0],
      image_ids: [],
      starts_at: start.format(localFormat),
      ends_at: start.add(2, 'hour').format(localFormat),
      address: chosen?.formattedAddress ?? '',
      capacity: '',
      join_mode: 'open',
      visibility: 'public',
      repeat_weekly: '0',
    },
  });
  const { errors, isSubmitting } = form.formState;
  const fieldError = (name: FormField) => errors[name]?.message;

  /** The address follows the place chosen, unless the host has written their own. */
  const fillAddress = (next: string) => {
    const current = form.getValues('address').trim();
    if (current === '' || current === filledAddress.current) form.setValue('address', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    filledAddress.current = next;
  };

  const choosePlace = (suggestion: PlaceSuggestion) => {
    const turn = ++choosing.current;
    setResolving(true);
    places
      .resolve(suggestion)
      .then(
        (picked) => {
          if (turn !== choosing.current) return;
          setFound(picked);
          fillAddress(picked.formatted_address.trim() || suggestion.label);
        },
        () => {
          if (turn === choosing.current) toast.error('Failed to process selected location. Please try again.');
        },
      )
      .finally(() => {
        if (turn === choosing.current) setResolving(false);
      });
  };

  const chooseArea = () => {
    choosing.current += 1;
    setResolving(false);
    setFound(null);
    fillAddress(chosen?.formattedAddress ?? '');
  };

  const changePictures = (next: Picture[]) => {
    setPictures(next);
    form.setValue(
      'image_ids',
      next.map((p) => p.id),
      { shouldValidate: form.formState.isSubmitted },
    );
  };

  const submit = async (body: ActivityBody) => {
    setServerError(null);
    try {
      const activity = await create.mutateAsync(body);
      toast.success(`“${activity.title}” is posted.`);
      await navigate(to.activitiesDetails(activity.id));
    } catch (error) {
      // The server names nested fields ("location.formatted_address", "image_ids.0"): each goes under its input.
      setServerError(applyServerError(withFormFields(error, formFieldOf), form.setError, formFields));
    }
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)} className="space-y-6">
      <TextField label="Title" autoComplete="off" maxLength={120} error={fieldError('title')} {...form.register('title')} />
      <LabelledField id={`${id}-description`} label="Description" error={fieldError('description')}>
        <textarea id={`${id}-description`} rows={5} maxLength={4000} className={inputClass} {...described(`${id}-description`, fieldError('description'))} {...form.register('description')} />
      </LabelledField>
      <LabelledField id={`${id}-category`} label="Category" error={fieldError('category')}>
        <select id={`${id}-category`} className={inputClass} {...described(`${id}-category`, fieldError('category'))} {...form.register('category')}>
          {activityCategories.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </LabelledField>
      <PicturesField label="Images" pictures={pictures} max={MAX_ACTIVITY_IMAGES} onChange={changePictures} onBusy={setUploading} describe={(n) => `Image ${n} of the activity`} error={fieldError('image_ids')} />

      <FormSection legend="When" note="Times are your local time.">
        {/* grid-cols-1 (a 0 minimum): a date-and-time input is wider than a phone's column on its own. */}
        <div className="mt-2 grid grid-cols-1 gap-4 sm:grid-cols-2">
          <TextField label="Starts" type="datetime-local" error={fieldError('starts_at')} {...form.register('starts_at')} />
          <TextField label="Ends" type="datetime-local" error={fieldError('ends_at')} {...form.register('ends_at')} />
        </div>
      </FormSection>

      <FormSection legend="Where">
        <div className="mt-2 space-y-4 rounded-2xl bg-slate-50 p-4">
          <PlaceSearch
            places={places}
            loading={placesLoading}
            label="Find the place"
            placeholder="A venue, a park, an address"
            hint="Puts the activity on the map there: people near it find it. Until you choose one, it is at your area."
            fallback={{ label: 'Use my area', detail: areaName, onChoose: chooseArea }}
            onChoose={choosePlace}
          />
          <p role="status" data-testid="activity-point" className="flex min-w-0 items-start gap-1.5 text-sm text-slate-700">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-teal-700" />
            <span className="min-w-0 [overflow-wrap:anywhere]">
              {resolving ? 'Finding the place…' : found ? `On the map at ${found.formatted_address}.` : `On the map at your area, ${areaName}.`}
            </span>
          </p>
          <TextField
            label="Address or meeting point"
            autoComplete="street-address"
            maxLength={300}
            error={fieldError('address')}
            hint="What people look for when they arrive: a street address, a park gate, a café."
            {...form.register('address')}
          />
        </div>
      </FormSection>

      <TextField
        label="Capacity"
        type="number"
        inputMode="numeric"
        min={1}
        max={MAX_ACTIVITY_CAPACITY}
        placeholder="No limit"
        hint="How many may join besides you. Leave empty for no limit; when it is full, others wait in line."
        error={fieldError('capacity')}
        {...form.register('capacity')}
      />

      <LabelledField id={`${id}-repeat`} label="Repeat weekly" error={fieldError('repeat_weekly')} hint="Each week's date is an activity of its own, with its own people, at the same time of day.">
        <select id={`${id}-repeat`} className={inputClass} {...described(`${id}-repeat`, fieldError('repeat_weekly'), true)} {...form.register('repeat_weekly')}>
          <option value="0">Does not repeat</option>
          {Array.from({ length: MAX_WEEKLY_REPEATS }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {`Every week, ${n + 1} dates in all`}
            </option>
          ))}
        </select>
      </LabelledField>

      <FormSection legend="Who can join">
        <div className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Choice name="join_mode" value="open" label="Anyone" detail="People join at once while there are spots." register={form.register} />
          <Choice name="join_mode" value="approval" label="Approval needed" detail="People ask to join; you accept or reject each." register={form.register} />
        </div>
        {fieldError('join_mode') && <p className="mt-1.5 text-sm text-red-700">{fieldError('join_mode')}</p>}
      </FormSection>

      <FormSection legend="Visibility">
        <div className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2">
          <Choice name="visibility" value="public" label="Public" detail="Listed in Local Activities for people nearby." register={form.register} />
          <Choice name="visibility" value="unlisted" label="Unlisted" detail="Only people you send the link to can find it." register={form.register} />
        </div>
        {fieldError('visibility') && <p className="mt-1.5 text-sm text-red-700">{fieldError('visibility')}</p>}
      </FormSection>

      <FormAlert>{serverError}</FormAlert>
      <FormActions cancelTo={paths.localActivities} submitLabel="Create activity" busy={isSubmitting} disabled={uploading || resolving} />
    </form>
  );
}

/**
 * /PostActivities: a signed-in person hosts an activity at a place they find, or at their chosen area. Composed in
 * app/pages with the location picker's geocoder (`places`).
 */
export function PostActivityPage({ title, places, placesLoading }: PageProps & PlaceProps) {
  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:px-6 sm:py-10">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-1 text-sm text-slate-600">People near you find it under Local Activities and join, or ask to join.</p>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <ActivityForm places={places} placesLoading={placesLoading} />
      </div>
    </section>
  );
}

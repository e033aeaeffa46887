import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { Msg, profileEditSchema, type Population } from '@valuation/domain';
import { useEffect } from 'react';
import { schemaValidator } from '../../../app/forms/schema-validator';
import { useEditProfile } from '../api/personal-api';

export interface ContactSource {
  loginUser: string;
  email: string | null;
  mobilePhone: string | null;
}

interface ContactValues {
  email: string;
  phone: string;
}

/** The editable e-mail and mobile of a profile: validated with the shared schema, sent only when changed. */
export function useProfileContactForm(population: Population, user: ContactSource | undefined) {
  const edit = useEditProfile(population);
  const form = useForm<ContactValues>({
    initialValues: { email: '', phone: '' },
    validate: schemaValidator(profileEditSchema),
  });

  const loadedEmail = user?.email ?? '';
  const loadedPhone = user?.mobilePhone ?? '';
  useEffect(() => {
    form.setValues({ email: loadedEmail, phone: loadedPhone });
    form.resetDirty({ email: loadedEmail, phone: loadedPhone });
    // The form object is stable; only newly loaded values reset it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadedEmail, loadedPhone]);

  const onSubmit = form.onSubmit((values) => {
    if (!user) return;
    const email = values.email.trim();
    const phone = values.phone.trim();
    if (email === loadedEmail && phone === loadedPhone) {
      notifications.show({ color: 'yellow', message: Msg.profileUnchanged });
      return;
    }
    edit.mutate(
      { email, phone, loginUser: user.loginUser },
      { onSuccess: () => notifications.show({ color: 'green', message: Msg.profileUpdated }) },
    );
  });

  return { form, onSubmit, pending: edit.isPending, ready: Boolean(user) };
}

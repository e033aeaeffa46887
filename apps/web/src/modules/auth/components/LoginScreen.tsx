import type { Population } from '@valuation/domain';
import { useDocumentTitle } from '../../../app/branding/use-document-title';
import { CustomerService } from './CustomerService';
import { LoginForm } from './LoginForm';
import { LoginLayout } from './LoginLayout';

export function LoginScreen({ population, title, heading }: { population: Population; title: string; heading: string }) {
  useDocumentTitle(title);
  return (
    <LoginLayout heading={heading}>
      <LoginForm population={population} />
      <CustomerService />
    </LoginLayout>
  );
}

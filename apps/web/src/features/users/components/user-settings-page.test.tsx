import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderScreen, signInAs } from '../../../components/testing/render-screen.tsx';
import { UserSettingsPage } from './user-settings-page.tsx';

describe('user settings admin panel slot', () => {
  it('shows the composed admin panel (the audit trail) to Admin, not to Hesaplayıcı', async () => {
    mockApi({ 'GET Authorization/Users': Response.json([]) });
    signInAs('Admin');
    const admin = renderScreen(<UserSettingsPage adminPanel={<div>Denetim İzi paneli</div>} />);
    expect(await screen.findByText('Denetim İzi paneli')).toBeTruthy();
    admin.unmount();
    signInAs('Hesaplayici');
    renderScreen(<UserSettingsPage adminPanel={<div>Denetim İzi paneli</div>} />);
    await screen.findByText('Parola değiştir', { selector: 'h3' });
    expect(screen.queryByText('Denetim İzi paneli')).toBeNull();
  });
});

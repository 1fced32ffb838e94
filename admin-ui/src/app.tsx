import { Admin, CustomRoutes } from 'react-admin';
import { BrowserRouter, Route } from 'react-router';
import { Dashboard } from './dashboard';
import { dataProvider } from './data-provider';

/** The console lives under /admin/ on the API's origin, with real (not hash) URLs that survive a reload. */
export function App() {
  return (
    <BrowserRouter basename="/admin">
      <Admin dataProvider={dataProvider} dashboard={Dashboard} title="Fanmission console">
        <CustomRoutes>
          <Route path="/health" element={<Dashboard />} />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}

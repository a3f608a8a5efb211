import type { QueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { ApiBridge } from './components/ApiBridge';
import { AppProviders } from './components/AppProviders';
import { PageLoading } from './components/PageLoading';
import { withAllTexts } from './i18n';

// Every screen loads when visited, the landing and login screens too: a reader opening a shared page
// downloads neither (issue 21). Each comes with every interface text, but for the reader's screens (a
// project's page, a page by id, a shared page link) and the not-found screen, which start with the texts of
// the first screen (i18n/index.ts).
const Landing = lazy(() => withAllTexts(import('./routes/Landing')));
const Login = lazy(() => withAllTexts(import('./routes/Login')));
const Register = lazy(() => withAllTexts(import('./routes/Register')));
const TokenLogin = lazy(() => withAllTexts(import('./routes/TokenLogin')));
const ItemIndex = lazy(() => withAllTexts(import('./routes/ItemIndex')));
const ItemAdd = lazy(() => withAllTexts(import('./routes/ItemAdd')));
const ItemGroupIndex = lazy(() => withAllTexts(import('./routes/ItemGroupIndex')));
const ItemPassword = lazy(() => withAllTexts(import('./routes/ItemPassword')));
const ItemShow = lazy(() => import('./routes/ItemShow'));
const PageShow = lazy(() => import('./routes/PageShow'));
const PageDiff = lazy(() => withAllTexts(import('./routes/PageDiff')));
const PageEdit = lazy(() => withAllTexts(import('./routes/PageEdit')));
const MessageIndex = lazy(() => withAllTexts(import('./routes/MessageIndex')));
const AttachmentIndex = lazy(() => withAllTexts(import('./routes/AttachmentIndex')));
const TeamIndex = lazy(() => withAllTexts(import('./routes/TeamIndex')));
const TeamMember = lazy(() => withAllTexts(import('./routes/TeamMember')));
const TeamItem = lazy(() => withAllTexts(import('./routes/TeamItem')));
const SharedPage = lazy(() => import('./routes/SharedPage'));
const UserSetting = lazy(() => withAllTexts(import('./routes/UserSetting')));
const ItemSetting = lazy(() => withAllTexts(import('./routes/ItemSetting')));
const ItemExport = lazy(() => withAllTexts(import('./routes/ItemExport')));
const AdminIndex = lazy(() => withAllTexts(import('./routes/AdminIndex')));
const NoPaidTiers = lazy(() => withAllTexts(import('./features/admin/NoPaidTiers')));
const NotFound = lazy(() => import('./routes/NotFound'));

/** One route per row of the specification's router table (seed 000 §2, seed 001 router). */
export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/" element={<Landing />} />
        <Route path="/user/login" element={<Login />} />
        <Route path="/user/register" element={<Register />} />
        <Route path="/user/loginByUserToken" element={<TokenLogin />} />
        <Route path="/user/setting" element={<UserSetting />} />
        <Route path="/item/index" element={<ItemIndex />} />
        <Route path="/item/add" element={<ItemAdd />} />
        <Route path="/item/group/index" element={<ItemGroupIndex />} />
        <Route path="/item/password/:itemId" element={<ItemPassword />} />
        <Route path="/item/setting/:itemId" element={<ItemSetting />} />
        <Route path="/item/export/:itemId" element={<ItemExport />} />
        <Route path="/admin/index" element={<AdminIndex />} />
        <Route path="/prices" element={<NoPaidTiers />} />
        <Route path="/order/index" element={<NoPaidTiers />} />
        <Route path="/message/index" element={<MessageIndex />} />
        <Route path="/attachment/index" element={<AttachmentIndex />} />
        <Route path="/team/index" element={<TeamIndex />} />
        <Route path="/team/member/:teamId" element={<TeamMember />} />
        <Route path="/team/item/:teamId" element={<TeamItem />} />
        <Route path="/page/:pageId" element={<PageShow />} />
        <Route path="/page/diff/:pageId/:historyId" element={<PageDiff />} />
        <Route path="/page/edit/:itemId/:pageId" element={<PageEdit />} />
        <Route path="/p/:uniqueKey" element={<SharedPage />} />
        {/* A project by id or personal domain, and one of its pages; fixed paths above always win. One route,
            so moving between pages keeps the project view (and its menu) mounted. */}
        <Route path="/:itemRef/:pageId?" element={<ItemShow />} />
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}

export default function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <ApiBridge />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}

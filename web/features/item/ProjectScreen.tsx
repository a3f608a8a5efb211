import { ArrowLeftOutlined } from '@ant-design/icons';
import type { UseQueryResult } from '@tanstack/react-query';
import { Result } from 'antd';
import type { ReactNode } from 'react';
import type { ReaderItem } from '../../api/reader';
import { LinkButton } from '../../components/LinkButton';
import { PageLayout } from '../../components/PageLayout';
import { PageLoading } from '../../components/PageLoading';
import { ItemLoadFailure } from '../reader/ItemLoadFailure';

interface ProjectScreenProps {
  itemRef: string;
  /** `item/info` of the project, as the reader loads it. */
  info: UseQueryResult<ReaderItem>;
  /** Whether the caller may use this screen; undefined while that is still being asked. */
  allowed: (item: ReaderItem) => boolean | undefined;
  /** What someone who may read the project but not use this screen is told. */
  refusal: (item: ReaderItem) => { title: string; hint: string };
  title: (item: ReaderItem) => string;
  backLabel: string;
  /** The class of the page's main area (`<name>-page`, with `<name>-head` and `<name>-title` inside). */
  name: string;
  children: (item: ReaderItem) => ReactNode;
}

/**
 * A full screen about one project (its settings, its export): loading, the reader's answers to a
 * project that needs a password or a login (with the way back) or is gone, a plain refusal for someone
 * who may read the project but not use this screen — sending them to the password screen would loop,
 * since it returns anyone who may read straight here — and a heading with a way back to the project.
 */
export function ProjectScreen({ itemRef, info, allowed, refusal, title, backLabel, name, children }: ProjectScreenProps) {
  if (info.isPending || (info.isError && info.isFetching)) return <PageLoading />;
  if (info.isError) return <ItemLoadFailure error={info.error} itemRef={itemRef} onRetry={() => void info.refetch()} />;

  const item = info.data;
  const may = allowed(item);
  if (may === undefined) return <PageLoading />;
  const projectPath = `/${item.item_domain || item.item_id}`;
  if (!may) {
    const { title: refusedTitle, hint } = refusal(item);
    return (
      <PageLayout>
        <Result
          status="403"
          title={refusedTitle}
          subTitle={hint}
          extra={
            <LinkButton type="primary" to={projectPath}>
              {backLabel}
            </LinkButton>
          }
        />
      </PageLayout>
    );
  }

  return (
    <PageLayout mainClassName={`${name}-page`}>
      <div className={`${name}-head`}>
        <LinkButton type="text" to={projectPath} icon={<ArrowLeftOutlined aria-hidden />} aria-label={backLabel} title={backLabel} />
        <h1 className={`${name}-title`}>{title(item)}</h1>
      </div>
      {children(item)}
    </PageLayout>
  );
}

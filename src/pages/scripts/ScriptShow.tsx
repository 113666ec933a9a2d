/**
 * A versioned script's detail: the generic detail of its metadata, then the code editor (editable
 * only for roles the abilities let edit this screen, read-only otherwise) and its versions with a
 * diff between any two. Custom because the editor and the diff are not declared fields.
 */
import { useResourceParams } from '@refinedev/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import ResourceShow from '../../components/resource/ResourceShow';
import { get } from '../../providers/http';
import { declarationOf } from '../../registry/declarations';
import { scriptCalls, type ScriptVersion } from '../../../resources/scripts/kit';
import { ScriptEditorCard } from './ScriptEditorCard';
import { VersionsCard } from './VersionsCard';

export default function ScriptShow() {
  const { id, identifier } = useResourceParams();
  const declaration = declarationOf(identifier);
  const calls = scriptCalls((declaration?.api.list ?? '').replace(/\/getList$/, ''));
  const versions = useQuery({ queryKey: ['scriptVersions', calls.versions, id], queryFn: () => get<ScriptVersion[]>(calls.versions, { id }), enabled: id != null });
  const list = versions.data ?? [];
  const current = list.length ? list[list.length - 1].version : undefined;
  // The version shown in the editor: the current one unless an older one is picked.
  const [viewing, setViewing] = useState<number | undefined>();
  if (!declaration || !identifier) return null;
  return (
    <>
      <ResourceShow />
      {current !== undefined && (
        <ScriptEditorCard
          key={`${viewing ?? current}-${current}`}
          identifier={identifier}
          scriptId={Number(id)}
          calls={calls}
          version={viewing ?? current}
          current={current}
          onBackToCurrent={() => setViewing(undefined)}
          onSaved={async () => {
            setViewing(undefined);
            await versions.refetch();
          }}
        />
      )}
      <VersionsCard scriptId={Number(id)} calls={calls} versions={list} current={current} onView={(v) => setViewing(v === current ? undefined : v)} />
    </>
  );
}

import { Fragment } from 'react';
import { ExternalLink } from '@afterwards/web-ui';
import { parseInline } from '../content/inline';
import type { Policy, PolicyBlock } from '../content/policies';

export function Inline({ source }: { source: string }) {
  return (
    <>
      {parseInline(source).map((piece, i) =>
        'href' in piece ? (
          piece.external ? (
            <ExternalLink key={i} href={piece.href}>
              {piece.text}
            </ExternalLink>
          ) : (
            <a key={i} href={piece.href}>
              {piece.text}
            </a>
          )
        ) : (
          <Fragment key={i}>{piece.text}</Fragment>
        ),
      )}
    </>
  );
}

export function Blocks({ blocks }: { blocks: readonly PolicyBlock[] }) {
  return (
    <>
      {blocks.map((block, i) =>
        typeof block === 'string' ? (
          <p key={i}>
            <Inline source={block} />
          </p>
        ) : (
          <ul key={i}>
            {block.list.map((item) => (
              <li key={item}>
                <Inline source={item} />
              </li>
            ))}
          </ul>
        ),
      )}
    </>
  );
}

/**
 * A policy's sections. On its own page the sections are h2 with ids (for #links); inside a modal,
 * whose title is the h2, they are h3 without ids (the page and a modal may be on screen together).
 */
export function PolicyText({ policy, inModal = false, intro = true }: { policy: Policy; inModal?: boolean; intro?: boolean }) {
  const Heading = inModal ? 'h3' : 'h2';
  return (
    <div className="aw-stack fs-policy">
      {intro ? (
        <p className={inModal ? undefined : 'fs-lead'}>
          <Inline source={policy.intro} />
        </p>
      ) : null}
      {policy.sections.map((section) => (
        <section key={section.id} id={inModal ? undefined : section.id} aria-labelledby={inModal ? undefined : `${section.id}-title`}>
          <Heading id={inModal ? undefined : `${section.id}-title`} className="fs-policy__heading">
            {section.title}
          </Heading>
          <Blocks blocks={section.blocks} />
        </section>
      ))}
    </div>
  );
}

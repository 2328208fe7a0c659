import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from "@react-email/components";
import type { ReactNode } from "react";

/** The shop's name as every message signs it. */
export const shopName = "Car Mechanic";

const page = { backgroundColor: "#f4f4f5", fontFamily: "Helvetica, Arial, sans-serif", color: "#18181b" };
const card = { backgroundColor: "#ffffff", margin: "24px auto", padding: "24px", maxWidth: "560px" };
const button = {
  backgroundColor: "#b91c1c",
  color: "#ffffff",
  padding: "12px 20px",
  borderRadius: "6px",
  fontWeight: "bold",
};
const muted = { color: "#52525b", fontSize: "13px" };

export type MailAction = { href: string; label: string };

/**
 * Every message's frame: the shop's name, a heading, the body, one action button (with its address
 * written out too, for mail clients that hide buttons) and a link back to the shop.
 */
export function MailLayout(props: {
  preview: string;
  heading: string;
  shopUrl: string;
  action: MailAction;
  children: ReactNode;
}) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Text style={{ fontSize: "18px", fontWeight: "bold", margin: 0 }}>{shopName}</Text>
          <Heading as="h1" style={{ fontSize: "22px" }}>
            {props.heading}
          </Heading>
          {props.children}
          <Section style={{ margin: "24px 0" }}>
            <Button href={props.action.href} style={button}>
              {props.action.label}
            </Button>
          </Section>
          <Text style={muted}>
            {props.action.label}: <Link href={props.action.href}>{props.action.href}</Link>
          </Text>
          <Hr />
          <Text style={muted}>
            {shopName} · <Link href={props.shopUrl}>{props.shopUrl}</Link>
          </Text>
        </Container>
      </Body>
    </Html>
  );
}

/** Label and value lines (an order's lot, total, dates), one per row. */
export function Facts({ rows }: { rows: readonly (readonly [string, string])[] }) {
  return (
    <Section>
      {rows.map(([label, value]) => (
        <Text key={label} style={{ margin: "4px 0" }}>
          <strong>{label}:</strong> {value}
        </Text>
      ))}
    </Section>
  );
}

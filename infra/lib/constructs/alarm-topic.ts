import { Stack, Validations } from 'aws-cdk-lib';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

/**
 * The operator's one channel: an SNS topic with the alarm email subscribed (confirm the mail AWS
 * sends). Made before the GPU fleet, whose Auto Scaling failures go to it too.
 */
export class AlarmTopic extends Construct {
  readonly topic: Topic;

  constructor(scope: Construct, id: string, props: { email?: string }) {
    super(scope, id);
    this.topic = new Topic(this, 'topic', { displayName: 'Artloom alarms', enforceSSL: true });
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
    // A topic policy replaces SNS's default one, so every service that publishes is named here, for
    // this account only: AWS Budgets and Cost Anomaly Detection, and CloudWatch for this stack's
    // region's alarms (without it no alarm reaches the operator). Auto Scaling notifications need no
    // statement: they publish with Auto Scaling's service-linked role, an identity in this account.
    // test/unit/infra/principals.test.ts simulates every publisher the template names.
    const stack = Stack.of(this);
    const publishers: [string, Record<string, Record<string, string>>][] = [
      ['budgets.amazonaws.com', {}],
      ['costalerts.amazonaws.com', {}],
      [
        'cloudwatch.amazonaws.com',
        { ArnLike: { 'aws:SourceArn': `arn:${stack.partition}:cloudwatch:${stack.region}:${stack.account}:alarm:*` } },
      ],
    ];
    for (const [service, conditions] of publishers) {
      this.topic.addToResourcePolicy(
        new PolicyStatement({
          actions: ['sns:Publish'],
          principals: [new ServicePrincipal(service)],
          resources: [this.topic.topicArn],
          conditions: { StringEquals: { 'aws:SourceAccount': stack.account }, ...conditions },
        }),
      );
    }
    Validations.of(this.topic).acknowledge({
      id: 'AwsSolutions::AwsSolutions-SNS2',
      reason:
        'Alarm, budget and scaling notices carry no personal data; CloudWatch, Budgets and Auto Scaling cannot publish to a topic under the AWS-managed SNS key, and a customer key for notices is not worth its cost here.',
    });
  }
}

using System.Text.Json;
using System.Text.Json.Nodes;
using Azure.Messaging.ServiceBus;

namespace Cqrs.ServiceBus.LocalBroker.Interop;

/// <summary>
/// The .NET client's half of the interop tests: <c>send &lt;connection-string&gt; &lt;queue&gt;</c> sends the message
/// described by the JSON on stdin; <c>receive &lt;connection-string&gt; &lt;queue&gt;</c> receives one message and
/// prints its description. A description holds the body (base64) and the properties both SDKs expose.
/// </summary>
internal static class DotNetPeer
{
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(20);

    public static async Task<int> Main(string[] args)
    {
        if (args is not [("send" or "receive") and var command, var connectionString, var queue])
        {
            await Console.Error.WriteLineAsync("usage: send|receive <connection-string> <queue>");
            return 2;
        }

        await using var client = new ServiceBusClient(connectionString, new ServiceBusClientOptions
        {
            RetryOptions = new ServiceBusRetryOptions { MaxRetries = 1, TryTimeout = Patience },
        });
        if (command == "send")
        {
            await using var sender = client.CreateSender(queue);
            await sender.SendMessageAsync(FromDescription(JsonNode.Parse(await Console.In.ReadToEndAsync())!.AsObject()));
            return 0;
        }

        await using var receiver = client.CreateReceiver(queue, new ServiceBusReceiverOptions { ReceiveMode = ServiceBusReceiveMode.ReceiveAndDelete });
        if (await receiver.ReceiveMessageAsync(Patience) is not { } message)
        {
            await Console.Error.WriteLineAsync($"No message arrived on '{queue}'.");
            return 1;
        }

        Console.WriteLine(Describe(message).ToJsonString());
        return 0;
    }

    private static ServiceBusMessage FromDescription(JsonObject description)
    {
        var message = new ServiceBusMessage(Convert.FromBase64String((string)description["body"]!))
        {
            MessageId = (string?)description["messageId"],
            Subject = (string?)description["subject"],
            CorrelationId = (string?)description["correlationId"],
            ContentType = (string?)description["contentType"],
            TimeToLive = TimeSpan.FromMilliseconds((double)description["timeToLiveMs"]!),
        };
        foreach (var (name, value) in description["applicationProperties"]!.AsObject())
        {
            message.ApplicationProperties[name] = value!.GetValueKind() switch
            {
                JsonValueKind.String => value.GetValue<string>(),
                JsonValueKind.True or JsonValueKind.False => value.GetValue<bool>(),
                JsonValueKind.Number when value.AsValue().TryGetValue<int>(out var whole) => whole,
                JsonValueKind.Number => value.GetValue<double>(),
                _ => throw new JsonException($"Application property '{name}' is not a string, number or boolean."),
            };
        }

        return message;
    }

    private static JsonObject Describe(ServiceBusReceivedMessage message)
    {
        var properties = new JsonObject();
        foreach (var (name, value) in message.ApplicationProperties)
        {
            properties[name] = JsonValue.Create(value);
        }

        return new JsonObject
        {
            ["body"] = Convert.ToBase64String(message.Body.ToArray()),
            ["messageId"] = message.MessageId,
            ["subject"] = message.Subject,
            ["correlationId"] = message.CorrelationId,
            ["contentType"] = message.ContentType,
            ["timeToLiveMs"] = message.TimeToLive.TotalMilliseconds,
            ["applicationProperties"] = properties,
        };
    }
}

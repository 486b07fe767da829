using System.Net;
using System.Xml.Linq;
using Cqrs.ServiceBus.LocalBroker.Entities;
using static Cqrs.ServiceBus.LocalBroker.Administration.AtomXml;

namespace Cqrs.ServiceBus.LocalBroker.Administration;

/// <summary>
/// The Service Bus management REST protocol, as much of it as <c>ServiceBusAdministrationClient</c> needs to create,
/// get, test for and delete queues, topics, subscriptions and their rules: GET / PUT / DELETE on <c>/{entity}</c>,
/// <c>/{topic}/Subscriptions/{subscription}</c> and <c>.../Rules/{rule}</c>, and GET of <c>.../rules</c> (a feed).
/// A missing entity is 404, an existing one 409 on create; what is not implemented (updates, namespace listings,
/// SQL filters) is answered with an error that says so. Changes go to the live registry, so the AMQP side
/// serves a new entity at once. Thread-safe: the registry serializes changes.
/// </summary>
internal sealed partial class AdministrationApi(EntityRegistry registry)
{
    /// <summary>The only key name granted Manage rights, as in the namespace's default policy.</summary>
    public const string ManageKeyName = "RootManageSharedAccessKey";

    private const string Subscriptions = "Subscriptions";
    private const string Rules = "Rules";

    public AdministrationResponse Handle(AdministrationRequest request)
    {
        if (KeyNameOf(request.Authorization) is not ManageKeyName)
        {
            return Fail(HttpStatusCode.Unauthorized, $"Manage claim required for this operation: the local broker grants it to the key name '{ManageKeyName}' only.");
        }

        if (request.IsUpdate)
        {
            return Fail(HttpStatusCode.NotImplemented, "The local broker does not update entities: delete the entity and create it again.");
        }

        try
        {
            var segments = request.Url.AbsolutePath.Split('/', StringSplitOptions.RemoveEmptyEntries).Select(Uri.UnescapeDataString).ToArray();
            var at = Array.FindLastIndex(segments, segment => Is(segment, Subscriptions));
            if (at < 1)
            {
                return Entity(request, string.Join('/', segments));
            }

            var topic = string.Join('/', segments[..at]);
            return segments[(at + 1)..] switch
            {
                [var subscription] => Subscription(request, topic, subscription),
                [var subscription, var rules] when Is(rules, Rules) && request.Method == "GET" => RuleFeed(request, topic, subscription),
                [var subscription, var rules, var rule] when Is(rules, Rules) => Rule(request, topic, subscription, rule),
                _ => Unsupported(request),
            };
        }
        catch (Exception exception) when (exception is FormatException or ArgumentException or NotSupportedException)
        {
            return Fail(HttpStatusCode.BadRequest, exception.Message);
        }
    }

    private AdministrationResponse Entity(AdministrationRequest request, string path)
    {
        if (path.Length == 0 || path.StartsWith('$'))
        {
            return Unsupported(request);
        }

        var target = registry.FindSendTarget(path);
        switch (request.Method)
        {
            case "GET" when target is null:
                return NotFound(path);
            case "GET" when target.IsTopic:
                return Found(request, path, EntityDescriptions.Topic(target));
            case "GET":
                return Found(request, path, EntityDescriptions.Queue(target));
            case "PUT":
                var description = DescriptionOf(request.Body);
                var created = description.Name.LocalName switch
                {
                    "QueueDescription" => registry.AddQueue(EntityDescriptions.ReadQueue(path, description)),
                    "TopicDescription" => registry.AddTopic(EntityDescriptions.ReadTopic(path, description)),
                    var other => throw new FormatException($"A PUT on '{path}' creates a queue or a topic, not a {other}."),
                };
                return created ? Entity(request with { Method = "GET" }, path) with { Status = (int)HttpStatusCode.Created } : Exists(path);
            case "DELETE":
                return registry.Remove(path) ? Deleted() : NotFound(path);
            default:
                return Unsupported(request);
        }
    }

    private static AdministrationResponse Found(AdministrationRequest request, string title, XElement description) =>
        new((int)HttpStatusCode.OK, AtomXml.Entry(request.Url, title, description));

    private static AdministrationResponse Deleted() => new((int)HttpStatusCode.OK, null);

    private static AdministrationResponse NotFound(string path) =>
        Fail(HttpStatusCode.NotFound, $"The messaging entity '{path}' could not be found.");

    private static AdministrationResponse Exists(string path) =>
        Fail(HttpStatusCode.Conflict, $"The messaging entity '{path}' already exists.");

    private static AdministrationResponse Unsupported(AdministrationRequest request) =>
        Fail(HttpStatusCode.NotImplemented, $"The local broker's administration endpoint does not implement {request.Method} {request.Url.AbsolutePath}.");

    private static AdministrationResponse Fail(HttpStatusCode status, string detail) => new((int)status, Error((int)status, detail));

    private static bool Is(string segment, string name) => string.Equals(segment, name, StringComparison.OrdinalIgnoreCase);

    /// <summary>The <c>skn</c> (key name) field of a SAS token, or <see langword="null"/>.</summary>
    private static string? KeyNameOf(string? authorization) =>
        authorization?.Split(' ', 2) is ["SharedAccessSignature", var fields]
            ? fields.Split('&').Select(field => field.Split('=', 2)).Where(pair => pair is ["skn", _]).Select(pair => Uri.UnescapeDataString(pair[1])).FirstOrDefault()
            : null;
}
